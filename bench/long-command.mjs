// Long-command delivery and one-shot overhead. Run: npm run build && node bench/long-command.mjs [runs]
// Optional baseline: SHELLGATE_BASELINE=/path/to/another/built/checkout (e.g. main) adds its
// runCommand to the same interleaved run, so "one-shot overhead did not grow" is a ratio measured
// side by side, not a number remembered from another day.
// Prints median wall times and ratios: `true` through shellgate vs the baseline vs raw spawn, and a
// 1 MiB heredoc through shellgate (script-file delivery) vs bash running the same script file.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runCommand } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 40);
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = {
  platform: process.platform,
  kind: "bash",
  path: bash,
  source: "bench",
  warnings: [],
  trace: [],
};
const scratch = mkdtempSync(path.join(os.tmpdir(), "shellgate-bench-long-"));
const baselineDirectory = process.env.SHELLGATE_BASELINE;
const baseline = baselineDirectory
  ? (await import(path.resolve(baselineDirectory, "dist/src/index.js"))).runCommand
  : undefined;

function heredoc(size) {
  const line = "0123456789abcdefghijklmnopqrstuvwxyz 'quoted' \"double\" $HOME ü\n";
  const header = `cat > ${scratch}/out.txt <<'EOF'\n`;
  const footer = "EOF\n";
  const room = size - Buffer.byteLength(header + footer);
  return header + line.repeat(Math.floor(room / Buffer.byteLength(line))) + footer;
}

const oneMiB = heredoc(1024 * 1024);
const inline = heredoc(60 * 1024);
const scriptFile = path.join(scratch, "same-script.sh");
writeFileSync(scriptFile, oneMiB);

function raw(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bash, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.on("data", () => {});
    child.stderr.on("data", () => {});
    child.on("error", reject);
    child.on("close", resolve);
  });
}

const options = { resolution, spillDirectory: scratch, env: process.env, timeoutSeconds: 120 };
const contenders = {
  "raw bash -c true": () => raw(["-c", "true"]),
  "shellgate true": () => runCommand("true", options),
  ...(baseline
    ? { "baseline true": () => baseline("true", { ...options, timeout: 120, timeoutSeconds: undefined }) }
    : {}),
  "raw bash <1 MiB file>": () => raw([scriptFile]),
  "shellgate 1 MiB": () => runCommand(oneMiB, options),
  "shellgate 60 KiB (inline)": () => runCommand(inline, options),
};
const names = Object.keys(contenders);
const times = Object.fromEntries(names.map((name) => [name, []]));
for (let warm = 0; warm < 3; warm++) for (const once of Object.values(contenders)) await once();
for (let index = 0; index < runs; index++) {
  for (let offset = 0; offset < names.length; offset++) {
    const name = names[(index + offset) % names.length];
    const started = process.hrtime.bigint();
    const result = await contenders[name]();
    if (result && typeof result === "object" && result.exitCode !== 0)
      throw new Error(`${name} failed: ${result.stderr}`);
    times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
rmSync(scratch, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const m = Object.fromEntries(names.map((name) => [name, median(times[name])]));
console.log(`runs: ${runs} each, interleaved; median wall time`);
for (const name of names) console.log(`  ${name.padEnd(28)} ${m[name].toFixed(2)} ms`);
console.log(`one-shot: shellgate / raw spawn = ${(m["shellgate true"] / m["raw bash -c true"]).toFixed(2)}x`);
if (baseline) {
  console.log(
    `one-shot: shellgate / baseline (${baselineDirectory}) = ${(m["shellgate true"] / m["baseline true"]).toFixed(2)}x`,
  );
} else {
  console.log("one-shot baseline: not measured (set SHELLGATE_BASELINE to a built checkout of main)");
}
console.log(
  `1 MiB command: shellgate (script file) / bash running the same file = ${(m["shellgate 1 MiB"] / m["raw bash <1 MiB file>"]).toFixed(2)}x; extra ${(m["shellgate 1 MiB"] - m["raw bash <1 MiB file>"]).toFixed(2)} ms`,
);
console.log(`60 KiB inline command: ${m["shellgate 60 KiB (inline)"].toFixed(2)} ms`);
