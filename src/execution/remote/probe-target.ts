import type { EngineExit, RemoteEngine } from "./engine.js";
import { ExecutorError } from "./executor-error.js";
import { ProbeOutputError, parseProbeOutput } from "./parse-probe.js";
import { PROBE_SCRIPT } from "./probe-script.js";
import type { TargetFacts } from "./target-facts.js";

interface ProbeAttempt {
  readonly exit: EngineExit;
  readonly output: string;
}

async function attempt(engine: RemoteEngine, shell: string): Promise<ProbeAttempt> {
  const chunks: Buffer[] = [];
  const exec = await engine.exec(
    { argv: [shell, "-c", PROBE_SCRIPT], stdin: false },
    { onStdout: (chunk) => chunks.push(chunk), onStderr: () => undefined },
  );
  const exit = await exec.ended;
  return { exit, output: Buffer.concat(chunks).toString("utf8") };
}

/**
 * Asks the target who and where commands will run and which shell they get: `sh` first (any POSIX
 * target has one), then `bash` for a target with bash alone. A target where neither starts has no
 * shell, and is refused in one sentence (`targetName` says which target).
 */
export async function probeTarget(engine: RemoteEngine, targetName: string): Promise<TargetFacts> {
  const failures: string[] = [];
  for (const shell of ["sh", "bash"]) {
    const { exit, output } = await attempt(engine, shell);
    if (exit.kind === "lost")
      throw new ExecutorError("unreachable", `${targetName} went away during the probe: ${exit.message}`);
    if (exit.kind === "not-started") {
      failures.push(exit.message);
      continue;
    }
    try {
      return parseProbeOutput(output);
    } catch (error) {
      if (!(error instanceof ProbeOutputError)) throw error;
      failures.push(`${shell} ran but printed no probe answers (exit ${exit.exitCode ?? exit.signal})`);
    }
  }
  throw new ExecutorError(
    "no-shell",
    `${targetName} has no shell shellgate can use (neither sh nor bash started: ${failures.join("; ")}); use an image or host with /bin/sh or bash.`,
  );
}
