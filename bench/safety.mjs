// Safety gate figures: corpus accuracy per profile, microseconds per verdict, big inputs, and
// `shellgate check --jsonl` throughput through the real CLI.
// Run: npm run build && node bench/safety.mjs   (or: npx tsx bench/safety.mjs if dist/ is stale)
// Baseline: SHELLGATE_BASELINE=DIR, a built checkout of another commit (its DIR/dist/src/safety),
// measures that gate in the same run, interleaved round by round, and prints the ratios, e.g.
//   git archive 153e0be | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ &&
//   (cd /tmp/base && npx tsc -p tsconfig.build.json) && SHELLGATE_BASELINE=/tmp/base node bench/safety.mjs
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/src/safety/index.js");
if (!existsSync(built)) {
  console.error("bench/safety.mjs: dist/ is missing; run `npm run build` first");
  process.exit(2);
}
const { createSafetyGate, SAFETY_PROFILES } = await import(built);
const { loadBashParser } = await import(path.join(root, "dist/src/safety/parse/load-grammar.js"));
const corpusFile = path.resolve(root, "../shared/corpus/safety-public.jsonl");
const cases = readFileSync(corpusFile, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

/**
 * Where the corpus commands run: an agent's project under its home, what every tool call tells the
 * gate (without a context the gate reads the unknown directory as both / and the home).
 */
const context = { cwd: "/home/agent/project", home: "/home/agent" };
const gates = {};
for (const profile of SAFETY_PROFILES) gates[profile] = await createSafetyGate({ profile });
const baselineRoot = process.env.SHELLGATE_BASELINE;
const baseline = baselineRoot
  ? await import(path.join(path.resolve(baselineRoot), "dist/src/safety/index.js"))
  : undefined;

console.log(`corpus: ${cases.length} cases (${corpusFile})`);
for (const profile of SAFETY_PROFILES) {
  const right = cases.filter(
    (item) =>
      (gates[profile].check(item.command, context).allowed ? "allow" : "block") === item.expect[profile],
  ).length;
  console.log(
    `  accuracy ${profile.padEnd(12)} ${right}/${cases.length} (${((100 * right) / cases.length).toFixed(1)}%)`,
  );
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

// Cold: every verdict computed (cache off), the figure the targets are about; cached: the same
// commands again through the default gate, which remembers verdicts per (command, context).
async function gateSet(create, cacheVerdicts) {
  const set = {};
  for (const profile of SAFETY_PROFILES)
    set[profile] = await create({ profile, ...(cacheVerdicts ? {} : { cacheVerdicts: false }) });
  return set;
}
const rounds = 25;
/**
 * The tree-sitter parse alone, as a "gate set": what the cold verdict is measured against (the same
 * commands, the same number of calls, in the same rounds). The tree is freed as the gate frees it.
 */
const parser = await loadBashParser();
const parseOnly = Object.fromEntries(
  SAFETY_PROFILES.map((profile) => [profile, { check: (command) => parser.parse(command).delete() }]),
);

/**
 * Microseconds per verdict over the corpus × 4 profiles × rounds, after a warm-up, sorted; with
 * several gate sets, they take turns round by round, so a busy machine slows them alike.
 */
function measure(...sets) {
  for (let warm = 0; warm < 5; warm += 1)
    for (const set of sets)
      for (const item of cases)
        for (const profile of SAFETY_PROFILES) set[profile].check(item.command, context);
  const times = sets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [which, set] of sets.entries()) {
      for (const item of cases) {
        for (const profile of SAFETY_PROFILES) {
          const start = process.hrtime.bigint();
          set[profile].check(item.command, context);
          times[which].push(Number(process.hrtime.bigint() - start) / 1000);
        }
      }
    }
  }
  lastPerCommand = times.map((list) => {
    // Each (command, profile)'s median over the rounds: a verdict's own cost, without the scheduler's
    // preemptions that a loaded machine adds to single samples.
    const perCall = cases.length * SAFETY_PROFILES.length;
    const medians = [];
    for (let call = 0; call < perCall; call += 1) {
      const samples = [];
      for (let round = 0; round < rounds; round += 1) samples.push(list[round * perCall + call]);
      samples.sort((a, b) => a - b);
      medians.push(samples[Math.floor(samples.length / 2)]);
    }
    return medians.sort((a, b) => a - b);
  });
  return times.map((list) => list.sort((a, b) => a - b));
}
let lastPerCommand = [];
const coldGates = await gateSet(createSafetyGate, false);
const [samples] = measure(gates);
const [cold, parsed, baselineCold] = baseline
  ? measure(coldGates, parseOnly, await gateSet(baseline.createSafetyGate, false))
  : measure(coldGates, parseOnly);
console.log(
  `per verdict, cold (cache off; ${cold.length} verdicts, corpus × 4 profiles × ${rounds}): p50 ${percentile(cold, 0.5).toFixed(1)} µs, p99 ${percentile(cold, 0.99).toFixed(1)} µs, max ${cold.at(-1).toFixed(0)} µs`,
);
const [coldMedians, parsedMedians] = lastPerCommand;
const parseRatio = percentile(cold, 0.5) / percentile(parsed, 0.5);
console.log(
  `  tree-sitter parse alone, same commands, same run, interleaved: p50 ${percentile(parsed, 0.5).toFixed(1)} µs, p99 ${percentile(parsed, 0.99).toFixed(1)} µs; cold verdict/parse p50 ${parseRatio.toFixed(2)}× (target ≤ 4×), cold p99 ${percentile(cold, 0.99).toFixed(0)} µs (target ≤ 500 µs)`,
);
console.log(
  `  each command's median over the rounds, across the corpus × 4 profiles: cold p50 ${percentile(coldMedians, 0.5).toFixed(1)} µs, p99 ${percentile(coldMedians, 0.99).toFixed(1)} µs, max ${coldMedians.at(-1).toFixed(0)} µs; parse alone p99 ${percentile(parsedMedians, 0.99).toFixed(1)} µs`,
);
if (baselineCold) {
  const ratio = (fraction) => (percentile(cold, fraction) / percentile(baselineCold, fraction)).toFixed(2);
  console.log(
    `  baseline (${baselineRoot}), same run, interleaved: p50 ${percentile(baselineCold, 0.5).toFixed(1)} µs, p99 ${percentile(baselineCold, 0.99).toFixed(1)} µs, max ${baselineCold.at(-1).toFixed(0)} µs; this/baseline: p50 ${ratio(0.5)}×, p99 ${ratio(0.99)}×`,
  );
}
console.log(
  `per verdict, repeated (cached; same commands): p50 ${percentile(samples, 0.5).toFixed(2)} µs, p99 ${percentile(samples, 0.99).toFixed(2)} µs (target ≤ 2 µs); cold/cached p50 ratio ${(percentile(cold, 0.5) / percentile(samples, 0.5)).toFixed(0)}×`,
);

const baselineStrict = baseline ? await baseline.createSafetyGate({ profile: "strict" }) : undefined;
function timeOnce(label, command) {
  const time = (gate) => {
    const start = process.hrtime.bigint();
    const verdict = gate.check(command);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, verdict };
  };
  const { ms, verdict } = time(gates.strict);
  const versus = baselineStrict ? `; baseline ${time(baselineStrict).ms.toFixed(1)} ms` : "";
  console.log(
    `${label}: ${ms.toFixed(1)} ms (${(command.length / 1024).toFixed(0)} KB, ${verdict.allowed ? "allowed" : verdict.rule}${versus})`,
  );
}
timeOnce("100 KB single command", `echo ${"aaaaaaaaaa ".repeat(9_500)}; rm -rf /`);
timeOnce("1 MB script", "echo hello world | grep -c o > /dev/null\n".repeat(24_000));

// check --jsonl through the real CLI: 100,000 lines, mixed profiles, timed per tenth.
const total = 100_000;
const lines = [];
for (let index = 0; index < total; index += 1) {
  const item = cases[index % cases.length];
  const profile = SAFETY_PROFILES[index % SAFETY_PROFILES.length];
  lines.push(JSON.stringify({ command: item.command, profile }));
}
const child = spawn(process.execPath, [path.join(root, "bin/shellgate.js"), "check", "--jsonl"], {
  stdio: ["pipe", "pipe", "inherit"],
});
const started = process.hrtime.bigint();
const marks = [];
let received = 0;
let partial = "";
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  const text = partial + chunk;
  const parts = text.split("\n");
  partial = parts.pop();
  for (let index = 0; index < parts.length; index += 1) {
    received += 1;
    if (received % (total / 10) === 0) marks.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
});
const exited = new Promise((resolve) => child.on("close", resolve));
for (let index = 0; index < lines.length; index += 10_000) {
  const ok = child.stdin.write(`${lines.slice(index, index + 10_000).join("\n")}\n`);
  if (!ok) await new Promise((resolve) => child.stdin.once("drain", resolve));
}
child.stdin.end();
const code = await exited;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const tenths = marks.map((mark, index) => (total / 10 / (mark - (marks[index - 1] ?? 0))).toFixed(0));
console.log(
  `check --jsonl: ${received} lines in ${seconds.toFixed(2)} s = ${(received / seconds).toFixed(0)} lines/s (exit ${code}); lines/s per tenth: ${tenths.join(", ")}`,
);
