// Execution overhead and flood behaviour. Run: npm run build && node bench/exec.mjs [runs]
// Prints, side by side: median wall time of `true` through shellgate vs raw child_process.spawn vs
// execa (as the median of per-round ratios; the contenders run interleaved in rotating order), and a 1 GiB flood through shellgate vs bash writing to /dev/null, with the
// peak RSS growth of this process while shellgate collected the flood.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { runCommand } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 300);
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = {
  platform: process.platform,
  kind: "bash",
  path: bash,
  source: "bench",
  warnings: [],
  trace: [],
};
const spillDirectory = mkdtempSync(path.join(os.tmpdir(), "shellgate-bench-"));

function rawSpawn(command) {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", () => {});
    child.stderr.on("data", () => {});
    child.on("error", reject);
    child.on("close", resolve);
  });
}

function rawSpawnDetached(command) {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.on("data", () => {});
    child.stderr.on("data", () => {});
    child.on("error", reject);
    child.on("close", resolve);
  });
}

const contenders = {
  raw: () => rawSpawn("true"),
  rawDetached: () => rawSpawnDetached("true"),
  execa: () => execa("bash", ["-c", "true"]),
  shellgate: () => runCommand("true", { resolution, spillDirectory, env: process.env }),
};
const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
for (let warm = 0; warm < 20; warm++) for (const once of Object.values(contenders)) await once();
// Interleaved, in a rotating order, so machine noise hits every contender alike.
const names = Object.keys(contenders);
for (let index = 0; index < runs; index++) {
  for (let offset = 0; offset < names.length; offset++) {
    const name = names[(index + offset) % names.length];
    const started = process.hrtime.bigint();
    await contenders[name]();
    times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// Each round ran every contender back to back, so a round's ratio shares that moment's load; the
// median of those ratios is far steadier on a busy machine than a ratio of two medians.
const ratio = (name, baseline) => median(times[name].map((value, index) => value / times[baseline][index]));
const line = (label, name, note = "") =>
  console.log(
    `  ${label.padEnd(38)} ${median(times[name]).toFixed(2)} ms  ${ratio(name, "raw").toFixed(2)}x raw  ${ratio(name, "execa").toFixed(2)}x execa${note}`,
  );
console.log(
  `true x${runs}, median wall time and median of per-round ratios (Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`,
);
line("raw child_process.spawn('bash',['-c'])", "raw");
line("raw spawn, detached (own group)", "rawDetached");
line("execa('bash',['-c','true'])", "execa");
line("shellgate runCommand('true')", "shellgate", "   (target <= 1.10x raw, <= 0.90x execa)");
