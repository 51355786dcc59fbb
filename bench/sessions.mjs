// Per-command overhead of a persistent session. Run: npm run build && node bench/sessions.mjs [runs]
// (default 200). Prints, side by side in one run, the median wall time of `true`:
//   - one frame of a resident bash alone (ResidentShell.run: the command file, the framed line, the
//     three pipes, the control record with directory and `export -p`) — the resident shell's cost;
//   - the whole bash tool call (admission with the gate, execution, the model's text) with
//     `session: "persistent"` vs `session: "fresh"` (a new bash per call), and their ratio.
// The contenders run interleaved in rotating order, so machine noise hits them alike.
// Goal (issue 21): the resident shell under 2 ms a command locally.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { directResidentStart, ResidentShell } from "../dist/src/execution/session/resident-shell.js";
import { createShellgate } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 200);
const directory = mkdtempSync(path.join(os.tmpdir(), "shellgate-bench-sessions-"));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function time(run) {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** `true` through an instance's bash tool for one owner, as a model calls it. */
function toolCall(instance) {
  const [bash] = instance.tools();
  return async () => {
    const result = await bash.execute({ command: "true", description: "bench" }, { ownerId: "bench" });
    if (result.isError) throw new Error(`true failed: ${result.text}`);
  };
}

const fresh = await createShellgate({ working_dir: directory, session: "fresh" });
const persistent = await createShellgate({ working_dir: directory, session: "persistent" });
const shell = new ResidentShell({
  start: directResidentStart(fresh.shell.path, directory, { PATH: process.env.PATH ?? "" }),
  scriptDirectory: directory,
  graceMs: 500,
  killBackgroundChildren: true,
});
const failed = await shell.ready;
if (failed) throw failed;
const frame = async () => {
  const running = shell.run({ command: "true", onStdout() {}, onStderr() {} });
  const end = await running.finished;
  if (end.kind !== "completed" || end.record.status !== 0) throw new Error("true failed in the frame");
};
try {
  const contenders = { frame, persistent: toolCall(persistent), fresh: toolCall(fresh) };
  const names = Object.keys(contenders);
  for (let warm = 0; warm < 20; warm++) for (const run of Object.values(contenders)) await run();
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < runs; index++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(index + offset) % names.length];
      times[name].push(await time(contenders[name]));
    }
  }
  const [one, kept, spawned] = names.map((name) => median(times[name]));
  console.log(
    `true x${runs}, median wall time (Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(`  resident bash, one frame alone                 ${one.toFixed(2)} ms   (goal < 2 ms)`);
  console.log(`  bash tool call, session: "persistent"          ${kept.toFixed(2)} ms`);
  console.log(`  bash tool call, session: "fresh" (new bash)    ${spawned.toFixed(2)} ms`);
  console.log(`  persistent / fresh (tool call)                 ${(kept / spawned).toFixed(2)}x`);
} finally {
  await Promise.all([fresh.close(), persistent.close(), shell.close()]);
  rmSync(directory, { recursive: true, force: true });
}
