import cp from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
const orig = cp.spawn; let mark = {};
cp.spawn = function (...a) { mark.spawnIn = performance.now(); const c = orig.apply(this, a); mark.spawnOut = performance.now(); c.once("close", () => { mark.close = performance.now(); }); return c; };
syncBuiltinESMExports();
const { runCommand } = await import(process.argv[2] ?? "../dist/src/index.js");
const resolution = { platform: process.platform, kind: "bash", path: "/usr/bin/bash", source: "bench", warnings: [], trace: [] };
const c = {
  raw: () => new Promise((r) => { const ch = cp.spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"] }); ch.stdout.on("data", () => {}); ch.stderr.on("data", () => {}); ch.on("close", r); }),
  run: () => runCommand("true", { resolution, env: process.env }),
};
const res = { raw: { pre: [], sp: [], post: [], tot: [] }, run: { pre: [], sp: [], post: [], tot: [] } };
const names = Object.keys(c);
for (let i = 0; i < 500; i++) for (let o = 0; o < 2; o++) {
  const n = names[(i + o) % 2]; mark = {}; const t0 = performance.now(); await c[n](); const t1 = performance.now();
  if (i >= 50) { const r = res[n]; r.pre.push(mark.spawnIn - t0); r.sp.push(mark.spawnOut - mark.spawnIn); r.post.push(t1 - mark.close); r.tot.push(t1 - t0); }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const n of names) { const r = res[n]; console.log(n, "pre", med(r.pre).toFixed(3), "spawn()", med(r.sp).toFixed(3), "post", med(r.post).toFixed(3), "total", med(r.tot).toFixed(3), "ratio", med(r.tot.map((v, i) => v / res.raw.tot[i])).toFixed(3)); }
