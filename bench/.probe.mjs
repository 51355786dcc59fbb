import { execFileSync } from "node:child_process";
import { prepareRun } from "../dist/src/execution/run/prepare-run.js";
import { superviseRun } from "../dist/src/execution/run/supervise-run.js";
import { OutputCollector } from "../dist/src/execution/io/output-collector.js";
import { sharedSpillDirectory } from "../dist/src/execution/io/shared-spill-directory.js";
import os from "node:os";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
const opts = { resolution, env: process.env };
let t = process.hrtime.bigint();
for (let i = 0; i < 2000; i++) prepareRun("true", opts);
console.log("prepareRun us", Number(process.hrtime.bigint() - t) / 2000 / 1e3);
const sd = sharedSpillDirectory(os.tmpdir());
t = process.hrtime.bigint();
for (let i = 0; i < 2000; i++) { new OutputCollector({ stream: "stdout", limit: 30000, spillDirectory: sd, spillMaxBytes: 1e8 }).finish(); }
console.log("collector us", Number(process.hrtime.bigint() - t) / 2000 / 1e3);
const p = prepareRun("true", opts);
console.log(JSON.stringify(p.plan).slice(0, 400));
const phases = { spawnCall: [], spawned: [], exit: [], finished: [] };
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const s = superviseRun(p.plan, { env: p.env, onStdout() {}, onStderr() {}, killBackgroundChildren: true, graceMs: 2000, platform: process.platform });
  phases.spawnCall.push(performance.now() - t0);
  await s.finished;
  phases.finished.push(performance.now() - t0);
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(3);
console.log("spawnCall", med(phases.spawnCall), "finished", med(phases.finished));
