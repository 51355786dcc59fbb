import cp from "node:child_process";
const { buildEnvironment } = await import("../dist/src/execution/environment/build-environment.js");
const env = buildEnvironment(process.env, {}); env.SHELLGATE_RUN = "x";
const variants = {
  raw: ["bash", ["-c", "true"], {}],
  rawD: ["bash", ["-c", "true"], { detached: true }],
  envND: ["/usr/bin/bash", ["--norc", "-c", "true"], { env, cwd: process.cwd() }],
  abs: ["/usr/bin/bash", ["-c", "true"], { detached: true }],
  norc: ["/usr/bin/bash", ["--norc", "-c", "true"], { detached: true }],
  env: ["/usr/bin/bash", ["--norc", "-c", "true"], { detached: true, env }],
  cwd: ["/usr/bin/bash", ["--norc", "-c", "true"], { detached: true, env, cwd: process.cwd(), windowsHide: true }],
};
const res = Object.fromEntries(Object.keys(variants).map((k) => [k, { sp: [], tot: [] }]));
const names = Object.keys(variants);
for (let i = 0; i < 400; i++) for (let o = 0; o < names.length; o++) {
  const n = names[(i + o) % names.length]; const [f, a, opt] = variants[n];
  const t0 = performance.now(); let t1;
  await new Promise((r) => { const c = cp.spawn(f, a, { stdio: ["ignore", "pipe", "pipe"], ...opt }); t1 = performance.now(); c.stdout.on("data", () => {}); c.stderr.on("data", () => {}); c.on("close", r); });
  if (i >= 30) { res[n].sp.push(t1 - t0); res[n].tot.push(performance.now() - t0); }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const n of names) console.log(n.padEnd(5), "spawn()", med(res[n].sp).toFixed(3), "total", med(res[n].tot).toFixed(3), "ratio", med(res[n].tot.map((v, i) => v / res.raw.tot[i])).toFixed(3));
