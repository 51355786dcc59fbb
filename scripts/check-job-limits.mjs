// Checks, on a real Windows, the limits of the Job Object a command runs in: starts a program on
// shellgate's own spawn path (the launcher, the built package in dist/), reads the job's LimitFlags
// back with QueryInformationJobObject, and prints one line. Exits 1 unless kill-on-close and
// die-on-unhandled-exception are set and breakaway (plain and silent) is not. Wine answers 0 for
// every flag, so the flags are proven only here (CI's windows-latest runs it after the build).
//
// Usage: npm run build && node scripts/check-job-limits.mjs
import { tmpdir } from "node:os";

if (process.platform !== "win32") {
  console.log(`check-job-limits: nothing to check on ${process.platform} (Job Objects are Windows only)`);
  process.exit(0);
}

const { jobOf, startProcess } = await import("../dist/src/execution/spawn/start-process.js");
const layout = await import("../dist/src/execution/containment/job-layout.js");

const child = startProcess(
  {
    file: process.execPath,
    args: ["-e", "setTimeout(() => {}, 60000)"],
    cwd: tmpdir(),
    detached: false,
    windowsHide: true,
    crossSpawn: false,
  },
  { env: { ...process.env }, stdio: ["ignore", "ignore", "inherit"] },
);
const job = jobOf(child);
let failure;
let line = "check-job-limits:";
if (!job) {
  failure = "the program was started without a Job Object";
} else {
  try {
    const flags = job.limitFlags();
    const has = (flag) => (flags & flag) !== 0;
    const facts = {
      "kill-on-close": has(layout.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE),
      "die-on-unhandled-exception": has(layout.JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION),
      breakaway: has(layout.JOB_OBJECT_LIMIT_BREAKAWAY_OK),
      "silent-breakaway": has(layout.JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK),
    };
    line += ` LimitFlags=0x${flags.toString(16)}`;
    for (const [name, value] of Object.entries(facts)) line += ` ${name}=${value ? "yes" : "no"}`;
    line += ` started-inside=${job.startedInside ? "yes" : "no"}`;
    if (!facts["kill-on-close"] || !facts["die-on-unhandled-exception"])
      failure = "a limit shellgate sets is missing";
    else if (facts.breakaway || facts["silent-breakaway"]) failure = "the job allows breakaway";
    else if (!job.startedInside) failure = "the program was not started inside the job (no launcher)";
  } catch (error) {
    failure = `the limits could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  await job.terminate(10_000);
  job.close();
}
console.log(failure ? `${line} FAILED: ${failure}` : line);
process.exit(failure ? 1 : 0);
