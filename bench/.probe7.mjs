import { execFileSync, spawn } from "node:child_process";
import { runCommand } from "../dist/src/index.js";
import { runCommand as baseRun } from "/work/main/dist/src/index.js";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
function raw(detached) { return new Promise((res) => { const c = spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"], detached }); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", res); }); }
const c = { raw: () => raw(false), rawD: () => raw(true), base: () => baseRun("true", { resolution, env: process.env }), run: () => runCommand("true", { resolution, env: process.env }) };
for (const [n, f] of Object.entries(c)) { for (let i = 0; i < 50; i++) await f(); }
for (let round = 0; round < 2; round++) for (const [n, f] of Object.entries(c)) {
  const u = process.cpuUsage(); for (let i = 0; i < 300; i++) await f(); const d = process.cpuUsage(u);
  console.log(n.padEnd(5), "parent cpu/run us", ((d.user + d.system) / 300).toFixed(0), "user", (d.user / 300).toFixed(0));
}
