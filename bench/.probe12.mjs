import cp from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
const orig = cp.spawn;
globalThis.__m = {};
cp.spawn = function (...a) { __m.spawnIn = performance.now(); const c = orig.apply(this, a); __m.spawnOut = performance.now(); return c; };
syncBuiltinESMExports();
const { runCommand } = await import("../dist/src/index.js");
const resolution = { platform: process.platform, kind: "bash", path: "/usr/bin/bash", source: "bench", warnings: [], trace: [] };
const rows = [];
for (let i = 0; i < 400; i++) { globalThis.__m = {}; const t0 = performance.now(); await runCommand("true", { resolution, env: process.env }); const m = globalThis.__m; if (i >= 50) rows.push({ textChecks: m.p1 - m.a, toCwd: m.p2 - m.p1, resolveCwd: m.p3 - m.p2, statCwd: m.p4 - m.p3, plan: m.p5 - m.p4, env: m.p6 - m.p5, rest: m.b - m.p6, callToA: m.a - t0, prepSync: m.b - m.a, awaitGap: m.c - m.b, toSupervise: m.d - m.c, superviseToSpawn: m.spawnIn - m.d }); }
const med = (k) => rows.map((r) => r[k]).sort((x, y) => x - y)[rows.length >> 1].toFixed(3);
console.log(Object.keys(rows[0]).map((k) => `${k} ${med(k)}`).join("  "));
