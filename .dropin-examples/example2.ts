import { createLocalExecutor, createSafetyGate, renderRunText, runCommand } from "../src/index.js";
import { createRealHost, describeShell, resolveShell } from "../platforms/index.js";

// The platform layer: which shell, and the paragraph the model reads about it.
const resolution = await resolveShell(createRealHost(), { windowsShell: "auto" });
console.log(describeShell(resolution).startsWith("Commands run in")); // true

// The safety gate: one synchronous verdict per command line.
const gate = await createSafetyGate({ profile: "strict" });
console.log(gate.check("sudo rm -rf /").allowed, gate.check("grep sudo notes.txt").allowed); // false true

// One run, without an executor.
const once = await runCommand("echo hi >&2; exit 1", { resolution, check: gate.check, timeout: 60 });
console.log(JSON.stringify(renderRunText(once))); // "[stderr]\nhi\n[exit code: 1]"

// The executor seam: resolve, run, start, readOutput, kill, list, onTaskDone, close.
const executor = createLocalExecutor({ resolution, check: gate.check });
executor.onTaskDone((task) => console.log(`done: ${task.status}`)); // done: killed
const task = await executor.start(executor.resolve({ command: "sleep 60", owner: "session-1" }));
console.log(task.status); // running
await executor.kill(task.id, "session-1");
await executor.close();

export {};
