import cp from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
const orig = cp.spawn; let mark = {};
cp.spawn = function (...a) { mark.spawnIn = performance.now(); const c = orig.apply(this, a); mark.spawnOut = performance.now(); c.once("exit", () => { mark.exit = performance.now(); }); c.once("close", () => { mark.close = performance.now(); }); return c; };
syncBuiltinESMExports();
const { runCommand } = await import(process.argv[2] ?? "../dist/src/index.js");
const bash = "/usr/bin/bash";
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
const pre = [], post = [], sp = [], ex = [];
for (let i = 0; i < 350; i++) { mark = {}; const t0 = performance.now(); await runCommand("true", { resolution, env: process.env }); const t1 = performance.now(); if (i >= 50) { pre.push(mark.spawnIn - t0); sp.push(mark.spawnOut - mark.spawnIn); ex.push(mark.close - mark.exit); post.push(t1 - mark.close); } }
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1].toFixed(3);
console.log("pre-spawn", med(pre), "spawn()", med(sp), "exit->close", med(ex), "close->resolved", med(post));
const rs = [];
for (let i = 0; i < 300; i++) { mark = {}; await new Promise((res) => { const c = cp.spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"], detached: true }); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", res); }); if (i >= 50) rs.push(mark.spawnOut - mark.spawnIn); }
console.log("raw spawn()", med(rs), "rss MB", (process.memoryUsage().rss / 1e6).toFixed(0));
