import { execFileSync, spawn } from "node:child_process";
import { runCommand } from "../dist/src/index.js";
import { runCommand as baseRun } from "/work/main/dist/src/index.js";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
function raw(detached) { return new Promise((res) => { const c = spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"], detached }); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", res); }); }
const c = { raw: () => raw(false), rawD: () => raw(true), base: () => baseRun("true", { resolution, env: process.env }), run: () => runCommand("true", { resolution, env: process.env }) };
const names = Object.keys(c); const t = Object.fromEntries(names.map((n) => [n, []]));
for (let i = 0; i < 30; i++) for (const f of Object.values(c)) await f();
const N = Number(process.argv[2] ?? 300);
for (let i = 0; i < N; i++) for (let o = 0; o < names.length; o++) { const n = names[(i + o) % names.length]; const s = performance.now(); await c[n](); t[n].push(performance.now() - s); }
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const n of names) console.log(n.padEnd(6), med(t[n]).toFixed(3), med(t[n].map((v, i) => v / t.raw[i])).toFixed(3));
