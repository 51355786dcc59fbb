#!/usr/bin/env node
// False positives users hit: the examples of the public tldr pages (github.com/tldr-pages/tldr), with
// their {{placeholders}} filled, kept where `bash -n` accepts them, judged by the gate in each profile.
// No valid bash may be unparsable in any profile, and permissive should block none of them; strict and
// standard legitimately block some (`rm -rf /` examples, `sudo …`), so their allow rate is reported.
// The pages are other people's content: bring a copy, never commit it.
//
//   git --git-dir=TLDR.git archive HEAD pages | tar -x -C /tmp/tldr     (or a clone of the repository)
//   npm run build && node scripts/safety/tldr-check.mjs /tmp/tldr
//   node scripts/safety/tldr-check.mjs /tmp/tldr --baseline DIR   also judge with DIR's built gate
//        (a checkout of another commit) and list what strict blocks now and did not there
//   --list strict|standard|permissive   print every blocked example of that profile with its rule
//   --no-context   judge without a working directory (read strictly, as / and as the home)
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const argv = process.argv.slice(2);
const pagesRoot = argv[0];
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
if (!pagesRoot || !existsSync(path.join(pagesRoot, "pages"))) {
  console.error("usage: tldr-check.mjs TLDR_DIR [--baseline DIR] [--list PROFILE]  (TLDR_DIR holds pages/)");
  process.exit(2);
}
const built = path.join(root, "dist/src/safety/index.js");
if (!existsSync(built)) {
  console.error("tldr-check.mjs: dist/ is missing; run `npm run build` first");
  process.exit(2);
}

/**
 * `{{[-v|--verbose]}}` and `{{a|b}}` are their first spelling, `{{path/to/file}}` its text: the examples then read as
 * the commands a user types after filling them in.
 */
function fillPlaceholders(example) {
  return example.replace(/\{\{(.*?)\}\}(?!\})/g, (_, inner) => {
    const alternatives = /^\[([^\]]*\|[^\]]*)\]$/.exec(inner);
    if (alternatives) return alternatives[1].split("|")[0];
    // `{{a|b|c}}`: one of the spellings (a `|` with blanks around it is a real pipe).
    return /^[^\s|]+(\|[^\s|]+)+$/.test(inner) ? inner.split("|")[0] : inner;
  });
}

/** Every example command of the English pages, by page. */
function examples(directory) {
  const found = [];
  for (const platform of readdirSync(path.join(directory, "pages")).sort()) {
    const folder = path.join(directory, "pages", platform);
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith(".md")) continue;
      for (const line of readFileSync(path.join(folder, file), "utf8").split("\n")) {
        const match = /^`(.+)`\s*$/.exec(line);
        if (match)
          found.push({ page: `${platform}/${file.slice(0, -3)}`, command: fillPlaceholders(match[1]) });
      }
    }
  }
  return found;
}

/** Whether bash accepts the text (`bash -n`), two at a time. */
async function acceptedByBash(items) {
  const accepted = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      accepted[index] = await new Promise((resolve) => {
        const child = spawn("/bin/bash", ["--norc", "--noprofile", "-n"], {
          stdio: ["pipe", "ignore", "ignore"],
        });
        child.on("close", (code) => resolve(code === 0));
        child.stdin.end(items[index].command);
      });
    }
  };
  await Promise.all([worker(), worker()]);
  return items.filter((_, index) => accepted[index]);
}

/**
 * Where the examples run: an agent's project under its home, what every tool call tells the gate
 * (`--no-context`: none, so the unknown directory is read as `/` and as the home).
 */
const context = argv.includes("--no-context")
  ? undefined
  : { cwd: "/home/agent/project", home: "/home/agent" };
const UNPARSABLE = /^(parse\.|limits\.|internal\.)/;
const profiles = ["strict", "standard", "permissive", "unrestricted"];

const all = examples(pagesRoot);
const valid = await acceptedByBash(all);
console.log(`tldr: ${all.length} examples in ${pagesRoot}/pages, ${valid.length} accepted by bash -n`);

async function judge(dist) {
  const { createSafetyGate } = await import(dist);
  const verdicts = {};
  for (const profile of profiles) {
    const gate = await createSafetyGate({ profile });
    verdicts[profile] = valid.map((item) => gate.check(item.command, context));
  }
  return verdicts;
}

const verdicts = await judge(built);
for (const profile of profiles) {
  const list = verdicts[profile];
  const blocked = list.filter((verdict) => !verdict.allowed).length;
  const unparsable = list.filter((verdict) => !verdict.allowed && UNPARSABLE.test(verdict.rule ?? "")).length;
  console.log(
    `  ${profile.padEnd(12)} allowed ${list.length - blocked}/${list.length} (${((100 * (list.length - blocked)) / list.length).toFixed(2)}%), blocked ${blocked}, unparsable ${unparsable}`,
  );
}
const show = (profile, predicate, title) => {
  const rows = valid
    .map((item, index) => ({ item, verdict: verdicts[profile][index] }))
    .filter(({ verdict }) => predicate(verdict));
  if (rows.length === 0) return;
  console.log(`${title} (${rows.length}):`);
  for (const { item, verdict } of rows)
    console.log(`  ${item.page}: ${JSON.stringify(item.command)} -> ${verdict.rule}`);
};
for (const profile of profiles)
  show(
    profile,
    (verdict) => !verdict.allowed && UNPARSABLE.test(verdict.rule ?? ""),
    `unparsable in ${profile}`,
  );
show("permissive", (verdict) => !verdict.allowed, "blocked in permissive");
const listed = option("--list");
if (listed) show(listed, (verdict) => !verdict.allowed, `blocked in ${listed}`);

const baselineRoot = option("--baseline");
if (baselineRoot) {
  const before = await judge(path.join(path.resolve(baselineRoot), "dist/src/safety/index.js"));
  for (const profile of ["strict", "standard", "permissive"]) {
    const allowed = before[profile].filter((verdict) => verdict.allowed).length;
    console.log(
      `  baseline ${profile.padEnd(12)} allowed ${allowed}/${valid.length} (${((100 * allowed) / valid.length).toFixed(2)}%)`,
    );
  }
  const rows = valid
    .map((item, index) => ({ item, now: verdicts.strict[index], earlier: before.strict[index] }))
    .filter(({ now, earlier }) => !now.allowed && earlier.allowed);
  const byRule = new Map();
  for (const { now } of rows) byRule.set(now.rule, (byRule.get(now.rule) ?? 0) + 1);
  console.log(
    `newly blocked in strict (${rows.length}): ${[...byRule]
      .sort((a, b) => b[1] - a[1])
      .map(([rule, count]) => `${rule} ${count}`)
      .join(", ")}`,
  );
  for (const { item, now } of rows)
    console.log(`  ${item.page}: ${JSON.stringify(item.command)} -> ${now.rule}`);
  const lifted = valid.filter(
    (_, index) => verdicts.strict[index].allowed && !before.strict[index].allowed,
  ).length;
  console.log(`newly allowed in strict: ${lifted}`);
}
