// OS sandbox cost (issue 13). Run: npm run build && node bench/sandbox.mjs [runs]
// Prints, side by side in one run: the median wall time of `true` spawned unsandboxed and inside
// the sandbox (bubblewrap on Linux, Seatbelt on macOS), their difference (goal <= 25 ms) and ratio,
// and the start-up cost: loading the library with its dependency check, and the first command
// (which starts the library's proxies).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSandbox } from "../dist/src/execution/sandbox/index.js";
import { planSpawn } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 100);
const work = mkdtempSync(path.join(os.tmpdir(), "shellgate-sandbox-bench-"));
const resolution = {
  platform: process.platform,
  kind: "bash",
  path: "/bin/bash",
  source: "bench",
  warnings: [],
  trace: [],
};
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };

function spawnPlan(plan) {
  return new Promise((resolve, reject) => {
    const child = spawn(plan.file, plan.args, {
      cwd: plan.cwd,
      env: { ...env, ...plan.env },
      stdio: "ignore",
      detached: plan.detached,
    });
    child.on("error", reject);
    child.on("close", resolve);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const sandbox = createSandbox({
  settings: { mode: "required", allowed_domains: [] },
  context: { platform: process.platform, cwd: work, home: os.homedir(), tempDirectory: os.tmpdir() },
});
let started = performance.now();
const status = await sandbox.status();
const probeMs = performance.now() - started;
if (!status.available) {
  console.log(`sandbox unavailable here: ${status.reason}`);
  process.exit(0);
}

const parts = { wrap: [], enclosedSpawn: [] };
async function sandboxedTrue() {
  const at = performance.now();
  const enclosed = await sandbox.enclose(planSpawn(resolution, "true", work), "true");
  if (enclosed.kind !== "start") throw new Error(enclosed.message);
  const wrapped = performance.now();
  await spawnPlan(enclosed.plan);
  parts.wrap.push(wrapped - at);
  parts.enclosedSpawn.push(performance.now() - wrapped);
  enclosed.release();
}

started = performance.now();
await sandboxedTrue();
const firstMs = performance.now() - started;

const times = { unsandboxed: [], sandboxed: [] };
for (let index = 0; index < runs; index += 1) {
  // Interleaved, so load on the machine falls on both alike.
  let at = performance.now();
  await spawnPlan(planSpawn(resolution, "true", work));
  times.unsandboxed.push(performance.now() - at);
  at = performance.now();
  await sandboxedTrue();
  times.sandboxed.push(performance.now() - at);
}
const plain = median(times.unsandboxed);
const boxed = median(times.sandboxed);
console.log(`mechanism: ${status.mechanism}; ${runs} runs of \`true\`, median wall time`);
console.log(`  unsandboxed        ${plain.toFixed(1)} ms`);
console.log(`  sandboxed          ${boxed.toFixed(1)} ms  (x${(boxed / plain).toFixed(2)})`);
console.log(`  overhead           ${(boxed - plain).toFixed(1)} ms per command (goal <= 25 ms)`);
console.log(
  `    of which: the library's wrap ${median(parts.wrap).toFixed(1)} ms, the enclosed start ${median(parts.enclosedSpawn).toFixed(1)} ms`,
);
console.log(`  load average       ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
console.log("start-up, once per process");
console.log(`  load + dep check   ${probeMs.toFixed(1)} ms`);
console.log(
  `  first command      ${firstMs.toFixed(1)} ms (starts the proxies; vs ${boxed.toFixed(1)} ms later)`,
);
await sandbox.close();
rmSync(work, { recursive: true, force: true });
