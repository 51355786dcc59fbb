// Safety gate figures: corpus accuracy per profile, microseconds per verdict, big inputs, and
// `shellgate check --jsonl` throughput through the real CLI.
// Run: npm run build && node bench/safety.mjs   (or: npx tsx bench/safety.mjs if dist/ is stale)
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
const corpusFile = path.resolve(root, "../shared/corpus/safety-public.jsonl");
const cases = readFileSync(corpusFile, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

const gates = {};
for (const profile of SAFETY_PROFILES) gates[profile] = await createSafetyGate({ profile });

console.log(`corpus: ${cases.length} cases (${corpusFile})`);
for (const profile of SAFETY_PROFILES) {
  const right = cases.filter(
    (item) => (gates[profile].check(item.command).allowed ? "allow" : "block") === item.expect[profile],
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
const coldGates = {};
for (const profile of SAFETY_PROFILES)
  coldGates[profile] = await createSafetyGate({ profile, cacheVerdicts: false });
const rounds = 25;
/** Microseconds per verdict over the corpus × 4 profiles × rounds, after a warm-up, sorted. */
function measure(gateSet) {
  for (let warm = 0; warm < 5; warm += 1)
    for (const item of cases) for (const profile of SAFETY_PROFILES) gateSet[profile].check(item.command);
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const item of cases) {
      for (const profile of SAFETY_PROFILES) {
        const start = process.hrtime.bigint();
        gateSet[profile].check(item.command);
        times.push(Number(process.hrtime.bigint() - start) / 1000);
      }
    }
  }
  return times.sort((a, b) => a - b);
}
const samples = measure(gates);
const cold = measure(coldGates);
console.log(
  `per verdict, cold (cache off; ${cold.length} verdicts, corpus × 4 profiles × ${rounds}): p50 ${percentile(cold, 0.5).toFixed(1)} µs, p99 ${percentile(cold, 0.99).toFixed(1)} µs, max ${cold.at(-1).toFixed(0)} µs (targets: p50 ≤ 20 µs, p99 ≤ 500 µs)`,
);
console.log(
  `per verdict, repeated (cached; same commands): p50 ${percentile(samples, 0.5).toFixed(2)} µs, p99 ${percentile(samples, 0.99).toFixed(2)} µs (target ≤ 2 µs); cold/cached p50 ratio ${(percentile(cold, 0.5) / percentile(samples, 0.5)).toFixed(0)}×`,
);

function timeOnce(label, command) {
  const start = process.hrtime.bigint();
  const verdict = gates.strict.check(command);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    `${label}: ${ms.toFixed(1)} ms (${(command.length / 1024).toFixed(0)} KB, ${verdict.allowed ? "allowed" : verdict.rule})`,
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
