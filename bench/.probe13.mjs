import cp from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
const orig = cp.spawn;
globalThis.__m = {};
cp.spawn = function (...a) { const c = orig.apply(this, a); c.once("close", () => { __m.close = performance.now(); }); return c; };
syncBuiltinESMExports();
const { runCommand } = await import("../dist/src/index.js");
const resolution = { platform: process.platform, kind: "bash", path: "/usr/bin/bash", source: "bench", warnings: [], trace: [] };
const rows = [];
for (let i = 0; i < 400; i++) { globalThis.__m = {}; await runCommand("true", { resolution, env: process.env }); const t1 = performance.now(); const m = globalThis.__m; if (i >= 50) rows.push({ closeToRace: m.q1 - m.close, groupProbe: m.q2 - m.q1, destroy: m.q3 - m.q2, toFinish: m.r1 - m.q3, finish: m.r2 - m.r1, toResolved: t1 - m.r2 }); }
const med = (k) => rows.map((r) => r[k]).sort((x, y) => x - y)[rows.length >> 1].toFixed(3);
console.log(Object.keys(rows[0]).map((k) => `${k} ${med(k)}`).join("  "));
