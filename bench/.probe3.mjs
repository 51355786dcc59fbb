import { execFileSync, spawn } from "node:child_process";
import { runCommand } from "../dist/src/index.js";
import { prepareEnclosedRun } from "../dist/src/execution/run/enclose-run.js";
import { superviseRun } from "../dist/src/execution/run/supervise-run.js";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
function raw() { return new Promise((res) => { const c = spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"], detached: true }); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", res); }); }
async function sup() { const p = await prepareEnclosedRun("true", { resolution, env: process.env }); const s = superviseRun(p.plan, { env: p.env, onStdout() {}, onStderr() {}, killBackgroundChildren: true, graceMs: 2000 }); await s.finished; }
const run = () => runCommand("true", { resolution, env: process.env });
const c = { raw, sup, run };
const t = { raw: [], sup: [], run: [] };
for (let i = 0; i < 30; i++) for (const f of Object.values(c)) await f();
const names = Object.keys(c);
for (let i = 0; i < 300; i++) for (let o = 0; o < 3; o++) { const n = names[(i + o) % 3]; const s = performance.now(); await c[n](); t[n].push(performance.now() - s); }
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const n of names) console.log(n, med(t[n]).toFixed(3), med(t[n].map((v, i) => v / t.raw[i])).toFixed(3));
