import type { ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { constants } from "node:os";
import type { Containment } from "../containment/contain-process.js";
import type { ProcessJob } from "../containment/process-job.js";
import { decodeExitStatus } from "../exit-status.js";
import { removeScriptFile } from "../spawn/script-file.js";
import {
  jobOf,
  type PtyModule,
  type PtyProcess,
  startProcess,
  startTerminal,
} from "../spawn/start-process.js";
import { listDescendants } from "../terminate/list-descendants.js";
import { isGroupAlive } from "../terminate/process-alive.js";
import {
  type TerminateTreeOptions,
  type TerminationReport,
  terminateTree,
} from "../terminate/terminate-tree.js";
import { type WslTarget, wslTargetOf } from "../terminate/wsl-tree-kill.js";
import {
  LaunchError,
  type LaunchExit,
  type Launched,
  type Launcher,
  type LaunchOutput,
  type LaunchPlan,
  type LaunchStdio,
  type PtyCapability,
  type StdinCapability,
} from "./launcher.js";
import { loadPty } from "./pty-loader.js";
import { spawnFailureMessage } from "./spawn-failure-message.js";

/** How a tree is ended; `terminateTree` unless a test puts its own in. */
export type TreeTerminator = (pid: number, options: TerminateTreeOptions) => Promise<unknown>;

export interface LocalLauncherOptions {
  /** Whose rules apply (exit statuses, teardown); default `process.platform`. */
  readonly platform?: NodeJS.Platform;
  /** Loads node-pty for terminal launches; default the optional packages (see pty-loader.ts). */
  readonly loadPty?: () => Promise<PtyModule | null>;
  readonly terminateTree?: TreeTerminator;
}

/** What one local launch holds, whatever its streams: how to end and sweep its tree. */
interface LocalTree {
  readonly pid: number;
  readonly plan: LaunchPlan;
  readonly job?: ProcessJob | undefined;
  readonly wsl?: WslTarget | undefined;
  /** Whether every output stream has ended; a stream still open after the exit has a holder. */
  readonly drained: () => boolean;
}

function isReport(value: unknown): value is TerminationReport {
  return typeof value === "object" && value !== null && Array.isArray((value as TerminationReport).survivors);
}

const SIGNAL_NAMES = new Map<number, NodeJS.Signals>(
  Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]),
);

/** The launch's tree control: one termination shared by every caller, the sweep after the exit. */
function treeControl(tree: LocalTree, options: LocalLauncherOptions) {
  const platform = options.platform ?? process.platform;
  const terminator = options.terminateTree ?? terminateTree;
  let termination: Promise<TerminationReport | undefined> | undefined;
  let released = false;
  return {
    terminate(graceMs: number): Promise<TerminationReport | undefined> {
      termination ??= terminator(tree.pid, {
        graceMs,
        platform,
        marker: tree.plan.marker,
        ...(tree.job ? { job: tree.job } : {}),
        ...(tree.wsl ? { wsl: tree.wsl } : {}),
      }).then((report) => (isReport(report) ? report : undefined));
      return termination;
    },
    async leftovers(): Promise<readonly number[]> {
      // The job holds whatever the shell left behind, however its parent links broke.
      if (tree.job) return tree.job.commandMembers().filter((member) => member !== tree.pid);
      // Without a job Windows cannot tell what outlived its parent. An empty group whose streams
      // ended has nothing left; streams still open may be held by a `setsid` child the marker finds.
      if (platform === "win32" || (tree.drained() && !isGroupAlive(tree.pid))) return [];
      return listDescendants(tree.pid, { marker: tree.plan.marker, platform }).catch(() => []);
    },
    release(): void {
      if (released) return;
      released = true;
      if (tree.plan.scriptFile !== undefined) removeScriptFile(tree.plan.scriptFile);
      // Kill-on-close: closing a job that still holds processes would end what was left running.
      if (tree.job && tree.job.commandMembers().length === 0) tree.job.close();
    },
  };
}

function started(child: ChildProcess): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    child.once("spawn", () => resolve(null));
    // Only the first error can be a spawn failure; later ones (a failed kill) must not go unhandled.
    child.on("error", (error: NodeJS.ErrnoException) => resolve(error));
  });
}

function launchFailure(plan: LaunchPlan, error: NodeJS.ErrnoException): LaunchError {
  if (plan.scriptFile !== undefined) removeScriptFile(plan.scriptFile);
  return new LaunchError(error.code ?? "error", spawnFailureMessage(plan, error));
}

function pipeInput(
  stdin: NodeJS.WritableStream & { destroyed: boolean; writableEnded: boolean; destroy(): void },
): StdinCapability {
  return {
    write: (data) =>
      new Promise<void>((resolve, reject) => {
        if (stdin.destroyed || stdin.writableEnded) {
          reject(new Error("stdin is closed"));
          return;
        }
        stdin.write(data, (error) => (error ? reject(error) : resolve()));
      }),
    closeStdin: () =>
      new Promise<void>((resolve) => {
        if (stdin.writableEnded || stdin.destroyed) {
          resolve();
          return;
        }
        stdin.end(() => resolve());
        stdin.once("error", () => resolve());
      }),
    abort: () => stdin.destroy(),
  };
}

function streamClosed(stream: NodeJS.ReadableStream | null): Promise<void> {
  if (!stream) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once("close", () => resolve());
    stream.once("error", () => resolve());
  });
}

async function launchPipes(
  plan: LaunchPlan,
  stdio: { readonly stdin: "closed" | "open"; readonly onOutput: LaunchOutput },
  options: LocalLauncherOptions,
): Promise<Launched> {
  const platform = options.platform ?? process.platform;
  const open = stdio.stdin === "open";
  let child: ChildProcess;
  try {
    // The plan's environment is complete (the marker in it): nothing is merged on the way. With
    // stdin kept open, text the plan carries for stdin is written below instead of closing it.
    const { stdinText, env, ...rest } = plan;
    child = startProcess(open || stdinText === undefined ? rest : { ...rest, stdinText }, {
      env,
      stdio: [open || stdinText !== undefined ? "pipe" : "ignore", "pipe", "pipe"],
    });
  } catch (error) {
    // Node refuses some inputs synchronously (ERR_INVALID_ARG_VALUE); that is a spawn failure too.
    throw launchFailure(plan, error as NodeJS.ErrnoException);
  }
  const exited = new Promise<LaunchExit>((resolve) => {
    child.once("exit", (code, signal) => {
      // Git Bash, MSYS2 and Cygwin report a signal death as `signal << 8`; read it as the signal.
      const status = decodeExitStatus(plan.shell, platform, { exitCode: code, signal });
      resolve({ code: status.exitCode, signal: status.signal });
    });
  });
  child.stdout?.on("data", (chunk: Buffer) => stdio.onOutput("stdout", chunk));
  child.stderr?.on("data", (chunk: Buffer) => stdio.onOutput("stderr", chunk));
  let isDrained = false;
  const drained = Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]).then(() => {
    isDrained = true;
  });
  // A child that exits without reading makes later writes fail with EPIPE: a write error, not a crash.
  child.stdin?.on("error", () => undefined);
  const spawnError = await started(child);
  if (spawnError) throw launchFailure(plan, spawnError);
  const pid = child.pid as number;
  const tree = treeControl(
    { pid, plan, job: jobOf(child), wsl: wslTargetOf(plan), drained: () => isDrained },
    options,
  );
  const stdin = open && child.stdin ? pipeInput(child.stdin) : undefined;
  if (stdin && plan.stdinText !== undefined) await stdin.write(plan.stdinText);
  return {
    pid,
    exited,
    drained,
    terminate: (graceMs) => tree.terminate(graceMs),
    leftovers: () => tree.leftovers(),
    abandonOutput: () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
    },
    release: () => tree.release(),
    annotate: () => "",
    ...(stdin ? { stdin } : {}),
  };
}

function terminalInput(terminal: PtyProcess, exited: Promise<LaunchExit>): PtyCapability {
  let closed = false;
  void exited.then(() => {
    closed = true;
  });
  return {
    write: async (data) => {
      if (closed) throw new Error("terminal input is closed");
      terminal.write(typeof data === "string" ? data : Buffer.from(data).toString("utf8"));
    },
    closeStdin: async (eof) => {
      if (closed) return;
      if (eof !== undefined) terminal.write(eof);
      closed = true;
    },
    abort: () => {
      closed = true;
    },
    resize: (columns, rows) => {
      if (!closed) terminal.resize(columns, rows);
    },
    ...(terminal.ptsName ? { device: terminal.ptsName } : {}),
  };
}

async function launchTerminal(
  plan: LaunchPlan,
  stdio: { readonly columns: number; readonly rows: number; readonly onOutput: LaunchOutput },
  options: LocalLauncherOptions,
): Promise<Launched> {
  const platform = options.platform ?? process.platform;
  const pty = await (options.loadPty ?? (() => loadPty()))();
  if (pty === null) throw new LaunchError("ENOPTY", "Terminal support is not installed on this host.");
  let terminal: PtyProcess;
  let containment: Containment;
  try {
    // Windows: the launcher runs in the ConPTY and starts the shell inside its own Job Object.
    ({ terminal, containment } = startTerminal(plan, pty, {
      env: plan.env,
      columns: stdio.columns,
      rows: stdio.rows,
      platform,
    }));
  } catch (error) {
    if (plan.scriptFile !== undefined) removeScriptFile(plan.scriptFile);
    throw new LaunchError("spawn-failed", `The process could not be started: ${(error as Error).message}`);
  }
  const data = terminal.onData((chunk) =>
    stdio.onOutput("terminal", typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk)),
  );
  // node-pty reports the exit only after the terminal's output closed, so the exit is the drain.
  const exited = new Promise<LaunchExit>((resolve) => {
    terminal.onExit(({ exitCode, signal }) => {
      data.dispose();
      // node-pty reports signal 0 for a normal exit.
      resolve(
        signal
          ? { code: null, signal: SIGNAL_NAMES.get(signal) ?? "SIGKILL" }
          : { code: exitCode, signal: null },
      );
    });
  });
  const job = containment.kind === "job-object" ? containment.job : undefined;
  // node-pty reports the exit once the terminal's output closed: nothing is left to drain by then.
  const tree = treeControl(
    { pid: terminal.pid, plan, job, wsl: wslTargetOf(plan), drained: () => true },
    options,
  );
  const input = terminalInput(terminal, exited);
  return {
    pid: terminal.pid,
    exited,
    drained: exited.then(() => undefined),
    terminate: (graceMs) => tree.terminate(graceMs),
    leftovers: () => tree.leftovers(),
    abandonOutput: () => data.dispose(),
    release: () => tree.release(),
    annotate: () => "",
    stdin: input,
    pty: input,
  };
}

async function launchDetached(plan: LaunchPlan, logPath: string | null): Promise<Launched> {
  let descriptor: number | "ignore" = "ignore";
  if (logPath !== null) {
    try {
      descriptor = openSync(logPath, "a", 0o600);
    } catch {
      descriptor = "ignore";
    }
  }
  let child: ChildProcess;
  try {
    const { env, ...withoutEnvironment } = plan;
    child = startProcess(
      { ...withoutEnvironment, detached: true },
      { env, stdio: ["ignore", descriptor, descriptor] },
    );
  } catch (error) {
    if (typeof descriptor === "number") closeSync(descriptor);
    throw launchFailure(plan, error as NodeJS.ErrnoException);
  }
  const spawnError = await started(child).finally(() => {
    if (typeof descriptor === "number") closeSync(descriptor);
  });
  // Once started, the script removes itself; only a failed start leaves it to us.
  if (spawnError) throw launchFailure(plan, spawnError);
  child.unref();
  const pid = child.pid as number;
  return {
    pid,
    // It outlives this process, which is about to forget it: its end is not watched.
    exited: new Promise<LaunchExit>(() => undefined),
    drained: Promise.resolve(),
    terminate: () => Promise.resolve(undefined),
    leftovers: () => Promise.resolve([]),
    abandonOutput: () => undefined,
    release: () => undefined,
    annotate: () => "",
  };
}

/**
 * This machine as a launcher: a child over pipes, a local terminal (node-pty, ConPTY on Windows,
 * inside its Job Object there), or a detached start. Ending a tree walks its group, its parent
 * links and the run marker (POSIX) or ends its Job Object (Windows).
 */
export function createLocalLauncher(options: LocalLauncherOptions = {}): Launcher {
  return {
    launch(plan: LaunchPlan, stdio: LaunchStdio): Promise<Launched> {
      switch (stdio.kind) {
        case "pipes":
          return launchPipes(plan, stdio, options);
        case "terminal":
          return launchTerminal(plan, stdio, options);
        case "detached":
          return launchDetached(plan, stdio.logPath);
      }
    },
    async canLaunchTerminal() {
      return (await (options.loadPty ?? (() => loadPty()))()) !== null;
    },
    local: true,
  };
}
