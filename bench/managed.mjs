// Managed-process benchmark: status/list latency with 200 live processes, and one process
// streaming 1 GiB (throughput, peak RSS growth). Run: `npx tsx bench/managed.mjs`
// (or `node bench/managed.mjs` after `npm run build`).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = new URL("../dist/src/managed/process-manager.js", import.meta.url);
const source = new URL("../src/managed/process-manager.ts", import.meta.url);
const { createProcessManager } = await import(existsSync(fileURLToPath(dist)) ? dist.href : source.href);

const settings = {
  defaultTimeoutSeconds: 600,
  maxProcesses: 256,
  maxOutputBytes: 100_000,
  killGraceMs: 500,
  ptyAllowed: false,
  stdin: { allowed: false, reason: "not in this benchmark" },
  environment: { scrub: true, allow: [], deny: [] },
};
const check = () => ({ allowed: true, profile: "strict" });

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function latency(label, iterations, action) {
  const samples = [];
  for (let index = 0; index < iterations; index++) {
    const started = process.hrtime.bigint();
    await action(index);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(samples, 0.5).toFixed(3)} ms, p99 ${percentile(samples, 0.99).toFixed(3)} ms (${iterations} calls)`,
  );
}

async function manyProcesses() {
  const manager = createProcessManager({ ...settings, check });
  const count = 200;
  const began = performance.now();
  const started = await Promise.all(
    Array.from({ length: count }, () => manager.start({ command: "exec sleep 120" })),
  );
  const startMs = performance.now() - began;
  const running = (await manager.list()).processes.filter((entry) => entry.state === "running").length;
  console.log(
    `started ${count} concurrent managed processes in ${startMs.toFixed(0)} ms (${running} running)`,
  );
  await latency("list (200 processes)", 1000, () => manager.list());
  await latency("status", 5000, (index) => manager.status({ process_id: started[index % count].process_id }));
  const closing = performance.now();
  await manager.close();
  console.log(
    `close (terminate all 200 trees, wait for final states): ${(performance.now() - closing).toFixed(0)} ms`,
  );
}

const streamCommand = (bytes) => `head -c ${bytes} /dev/zero | tr '\\0' a`;

/** The same stream read by a bare child_process with no processing: what the machine allows. */
async function bareBaseline(bytes) {
  const began = performance.now();
  const child = spawn("/bin/bash", ["-c", streamCommand(bytes)], { stdio: ["ignore", "pipe", "ignore"] });
  child.stdout.on("data", () => undefined);
  await new Promise((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - began) / 1000;
  console.log(
    `baseline (bare child_process read of the same 1 GiB): ${(bytes / 1024 ** 2 / seconds).toFixed(0)} MiB/s`,
  );
}

async function oneGibibyte() {
  const manager = createProcessManager({ ...settings, check });
  const bytes = 1024 ** 3;
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  const started = await manager.start({ command: streamCommand(bytes) });
  // A reader that polls status (as a model would between turns) rather than waking on every read,
  // so the figure is the manager's ingestion rate, not the bench's own page building.
  for (let status = started; status.state === "running"; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await manager.status({ process_id: started.process_id });
  }
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const status = await manager.status({ process_id: started.process_id });
  console.log(
    `1 GiB stream: ${status.total_output_bytes} bytes in ${seconds.toFixed(2)} s = ${(bytes / 1024 ** 2 / seconds).toFixed(0)} MiB/s; ` +
      `retained ${status.total_output_bytes - status.dropped_output_bytes} bytes; peak RSS growth ${((peak - baseline) / 1024 ** 2).toFixed(1)} MiB (state ${status.state})`,
  );
  await manager.close();
  await bareBaseline(bytes);
}

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
// The stream runs first, so its RSS baseline is not inflated by the 200-process phase.
if (process.argv[2] !== "many") await oneGibibyte();
if (process.argv[2] !== "stream") await manyProcesses();
