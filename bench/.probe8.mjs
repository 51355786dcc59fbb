import { execFileSync, spawn } from "node:child_process";
import { runCommand } from "../dist/src/index.js";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
function raw(detached) { return new Promise((res) => { const c = spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"], detached }); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", res); }); }
const which = process.argv[2];
const f = which === "raw" ? () => raw(true) : () => runCommand("true", { resolution, env: process.env });
for (let i = 0; i < 50; i++) await f();
const u = process.cpuUsage(); const t = performance.now();
for (let i = 0; i < 400; i++) await f();
const d = process.cpuUsage(u);
console.log(which, "cpu/run", ((d.user + d.system) / 400).toFixed(0), "user", (d.user/400).toFixed(0), "wall", ((performance.now() - t) / 400).toFixed(2));
