// OS sandbox cost (issue 13). Run: npm run build && node bench/sandbox.mjs [runs]
// Prints, side by side in one run (interleaved, so load falls on all alike), the median wall time of
// `true` spawned unsandboxed and inside the sandbox (bubblewrap on Linux, Seatbelt on macOS):
// - as shellgate runs it now: the instance's wrap made once and reused (the goal: <= 25 ms over
//   unsandboxed), split into the wrap and the enclosed start; with no allowed host (the default)
//   it starts no network relays;
// - the same with one allowed host, so with the library's two socat relays (as every sandbox
//   started before the no-network profile);
// - wrapped per command as before (the library's wrap for every command, its `bash -c "bwrap …"`),
//   split the same way;
// - the parts of the enclosed start (Linux): bubblewrap alone with the same namespaces, then the
//   library's profile without its network relays, then the full start (relays included);
// - the whole call as a model makes it: an instance's `bash` tool running `true` with
//   sandbox.mode "required" beside the same instance config with the sandbox off (admission, spawn,
//   output, denial reading and the git protection's checks all included);
// and the start-up cost: loading the library with its dependency check, and the first command
// (which starts the library's proxies).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { quote } from "shell-quote";
import { createSandbox } from "../dist/src/execution/sandbox/index.js";
import { wrapWithSandboxLibrary } from "../dist/src/execution/sandbox/sandbox-library.js";
import { createShellgate, planSpawn } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 100);
const work = mkdtempSync(path.join(os.tmpdir(), "shellgate-sandbox-bench-"));
// Whatever way the run ends, its folder goes (the instances' own temp directories go with close(),
// or at the next start when a crash skipped it).
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
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
      cwd: plan.cwd ?? work,
      env: { ...env, ...plan.env },
      stdio: "ignore",
      detached: plan.detached ?? true,
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${plan.file} exited ${code}`))));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const settings = { mode: "required", allowed_domains: [] };
const context = { platform: process.platform, cwd: work, home: os.homedir(), tempDirectory: os.tmpdir() };
const sandbox = createSandbox({ settings, context });
let started = performance.now();
const status = await sandbox.status();
const probeMs = performance.now() - started;
if (!status.available) {
  console.log(`sandbox unavailable here: ${status.reason}`);
  process.exit(0);
}
// Before this change: the library's wrap for every command, spawned as its `bash -c "bwrap …"` line.
const perCommand = createSandbox({
  settings,
  context,
  wrap: async (request) => {
    const wrapped = await wrapWithSandboxLibrary(request);
    const [file = ""] = wrapped.argv;
    return path.basename(file) === "bwrap"
      ? { ...wrapped, argv: ["/bin/bash", "-c", quote(wrapped.argv)] }
      : wrapped;
  },
});

function timedEnclosed(instance, parts) {
  return async () => {
    const at = performance.now();
    const enclosed = await instance.enclose(planSpawn(resolution, "true", work));
    if (enclosed.kind !== "start") throw new Error(enclosed.message);
    const wrapped = performance.now();
    try {
      await spawnPlan(enclosed.plan);
    } finally {
      enclosed.release();
    }
    parts.wrap.push(wrapped - at);
    parts.start.push(performance.now() - wrapped);
    return enclosed.plan;
  };
}

// An allowed host no command here reaches: the relays start (and are waited for) in every sandbox.
const relayed = createSandbox({ settings: { ...settings, allowed_domains: ["bench.invalid"] }, context });
const reused = { wrap: [], start: [] };
const withRelays = { wrap: [], start: [] };
const before = { wrap: [], start: [] };
const runReused = timedEnclosed(sandbox, reused);
const runRelayed = timedEnclosed(relayed, withRelays);
const runBefore = timedEnclosed(perCommand, before);

started = performance.now();
const firstPlan = await runReused();
const firstMs = performance.now() - started;
await runRelayed();
await runBefore();
for (const parts of [reused, withRelays, before]) parts.wrap.length = parts.start.length = 0;

// The parts of the enclosed start, from the plan the sandbox made (Linux: bwrap's own argv).
const variants = {
  unsandboxed: () => spawnPlan(planSpawn(resolution, "true", work)),
  reused: runReused,
  relayed: runRelayed,
  before: runBefore,
};
const bubblewrap = path.basename(firstPlan.file) === "bwrap" ? firstPlan.file : undefined;
const separator = bubblewrap ? firstPlan.args.lastIndexOf("--") : -1;
if (separator > 0) {
  const script = firstPlan.args.at(-1) ?? "";
  const seccomp = /(\S*apply-seccomp)\s/.exec(script)?.[1];
  const bare = [
    "--new-session",
    "--die-with-parent",
    "--unshare-net",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
  ];
  bare.push("--unshare-pid", "--unshare-user", "--proc", "/proc", "--", "/bin/bash", "-c", "true");
  variants.bareBwrap = () => spawnPlan({ file: bubblewrap, args: bare });
  if (seccomp) {
    // The relayed wrap's profile (its sockets bound) running the seccomp step without the relay
    // script; the wrap in use now: an older one's mount sources are gone once it is retired.
    variants.noRelays = async () => {
      const enclosed = await relayed.enclose(planSpawn(resolution, "true", work));
      if (enclosed.kind !== "start") throw new Error(enclosed.message);
      const profile = enclosed.plan.args.slice(0, enclosed.plan.args.lastIndexOf("--") + 1);
      const inner = `SRT_ALLOW_NESTED_USERNS=0 ${seccomp} /bin/bash -c true`;
      const at = performance.now();
      try {
        await spawnPlan({ file: enclosed.plan.file, args: [...profile, "/bin/bash", "-c", inner] });
      } finally {
        enclosed.release();
      }
      return performance.now() - at;
    };
  }
}
// The whole tool call, sandboxed and not: two instances alike but for sandbox.mode.
const instanceConfig = { working_dir: work, safety_profile: "unrestricted" };
const toolOpen = await createShellgate({ ...instanceConfig, sandbox: { mode: "off" } }, { env });
const toolEnclosed = await createShellgate({ ...instanceConfig, sandbox: { mode: "required" } }, { env });
const callOf = (instance) => {
  const bash = instance.tools().find((tool) => tool.name === "bash");
  return async () => {
    const result = await bash.execute({ command: "true", description: "bench" });
    if (result.isError || result.structured?.exitCode !== 0) throw new Error(`bash tool: ${result.text}`);
  };
};
variants.toolUnsandboxed = callOf(toolOpen);
variants.toolSandboxed = callOf(toolEnclosed);
await variants.toolUnsandboxed();
await variants.toolSandboxed();

const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let index = 0; index < runs; index += 1) {
  for (const [name, run] of Object.entries(variants)) {
    const at = performance.now();
    const own = await run();
    // A variant that prepares outside its timing returns its own figure.
    times[name].push(typeof own === "number" ? own : performance.now() - at);
  }
}

const plain = median(times.unsandboxed);
const row = (label, ms, note = "") =>
  console.log(
    `  ${label.padEnd(50)} ${ms.toFixed(1).padStart(6)} ms  ${`+${(ms - plain).toFixed(1)}`.padStart(6)} ms  x${(ms / plain).toFixed(2)}${note}`,
  );
console.log(`mechanism: ${status.mechanism}; ${runs} interleaved runs of \`true\`, median wall time`);
console.log(`  ${"".padEnd(50)} ${"median".padStart(9)}  ${"over unsandboxed".padStart(9)}`);
row("unsandboxed bash -c true", plain);
row("sandboxed, the instance's wrap reused (now)", median(times.reused), "   (goal: <= +25 ms)");
console.log(
  `      of which the wrap ${median(reused.wrap).toFixed(1)} ms, the enclosed start ${median(reused.start).toFixed(1)} ms`,
);
row("sandboxed, reused, one allowed host (the relays)", median(times.relayed));
console.log(
  `      of which the wrap ${median(withRelays.wrap).toFixed(1)} ms, the enclosed start ${median(withRelays.start).toFixed(1)} ms`,
);
row("sandboxed, wrapped per command (before)", median(times.before));
console.log(
  `      of which the wrap ${median(before.wrap).toFixed(1)} ms, the enclosed start ${median(before.start).toFixed(1)} ms`,
);
if (times.bareBwrap) {
  console.log("  the enclosed start, part by part:");
  row("  bwrap alone, the same namespaces", median(times.bareBwrap));
  if (times.noRelays) row("  + the library's mounts and seccomp helper", median(times.noRelays));
  row("  no allowed host (no relays): the full start", median(reused.start));
  row("  one allowed host (+ socat x2): the full start", median(withRelays.start));
}
const toolPlain = median(times.toolUnsandboxed);
const toolSandboxed = median(times.toolSandboxed);
console.log("  the whole bash tool call (createShellgate, `true`), sandbox off beside required:");
console.log(`    ${"sandbox off".padEnd(48)} ${toolPlain.toFixed(1).padStart(6)} ms`);
console.log(
  `    ${"sandbox required".padEnd(48)} ${toolSandboxed.toFixed(1).padStart(6)} ms  ${`+${(toolSandboxed - toolPlain).toFixed(1)}`.padStart(6)} ms  x${(toolSandboxed / toolPlain).toFixed(2)}   (goal: <= +25 ms)`,
);
console.log(`  load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
console.log("start-up, once per process");
console.log(`  load + dependency check   ${probeMs.toFixed(1)} ms`);
console.log(`  first command             ${firstMs.toFixed(1)} ms (starts the proxies, makes the wrap)`);
await sandbox.close();
await relayed.close();
await perCommand.close();
await toolOpen.close();
await toolEnclosed.close();
rmSync(work, { recursive: true, force: true });
