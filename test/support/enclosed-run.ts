import type { ShellResolution } from "../../platforms/resolve/resolution.js";
import { createSandbox, type Sandbox, type SandboxSettings } from "../../src/execution/sandbox/index.js";
import { planSpawn } from "../../src/execution/spawn/plan-spawn.js";
import { startProcess } from "../../src/execution/spawn/start-process.js";

export interface EnclosedOutcome {
  readonly code: number | null;
  readonly output: string;
  readonly trailer: string;
  readonly sandboxed: boolean;
  /** The program the enclosed plan started (bwrap, when the sandbox's argv was split). */
  readonly file: string;
  /** How the command text reached the shell (`environment` under a reused sandbox wrap). */
  readonly delivery: string;
}

export interface EnclosedRunOptions {
  readonly resolution: ShellResolution;
  readonly settings: SandboxSettings;
  readonly cwd: string;
  readonly home: string;
  readonly tempDirectory: string;
  readonly env: Readonly<Record<string, string>>;
}

/**
 * Plans, encloses and runs one command with the sandbox wrapper alone (no gate, no limits), and
 * collects stdout and stderr together with the trailer the result would carry.
 */
export async function runEnclosed(command: string, options: EnclosedRunOptions): Promise<EnclosedOutcome> {
  const sandbox = createSandbox({
    settings: options.settings,
    context: {
      platform: options.resolution.platform,
      cwd: options.cwd,
      home: options.home,
      tempDirectory: options.tempDirectory,
    },
  });
  return runInSandbox(sandbox, command, options).finally(() => sandbox.close());
}

/** One command through an existing sandbox (several commands share its wrap). */
export async function runInSandbox(
  sandbox: Sandbox,
  command: string,
  options: Pick<EnclosedRunOptions, "resolution" | "cwd" | "env">,
): Promise<EnclosedOutcome> {
  const enclosed = await sandbox.enclose(planSpawn(options.resolution, command, options.cwd));
  if (enclosed.kind === "refused") throw new Error(enclosed.message);
  return new Promise<EnclosedOutcome>((resolve, reject) => {
    const child = startProcess(enclosed.plan, { env: options.env });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      enclosed.release();
      resolve({
        code,
        output,
        trailer: enclosed.trailer(output),
        sandboxed: enclosed.sandboxed,
        file: enclosed.plan.file,
        delivery: enclosed.plan.delivery,
      });
    });
  });
}
