import { randomBytes } from "node:crypto";
import {
  remoteCwdMissingText,
  remoteDetachedText,
  remoteLostText,
  remoteNotStartedText,
  remoteTooLongText,
} from "../../text/executors/remote-texts.js";
import { INSTANCE_MARKER_VARIABLE } from "../environment/run-marker.js";
import {
  LaunchError,
  type LaunchExit,
  type Launched,
  type Launcher,
  type LaunchPlan,
  type LaunchStdio,
  type StdinCapability,
} from "../launch/launcher.js";
import {
  ARGV_INLINE_MAX_BYTES,
  scriptFileContent,
  singleQuote,
  sourceScriptCommand,
} from "../spawn/long-command.js";
import type { TerminationReport } from "../terminate/terminate-tree.js";
import { type ControlLine, ControlLineSplitter } from "./control-lines.js";
import type { EngineExec, EngineExit, RemoteEngine } from "./engine.js";
import { environmentDelta } from "./environment-delta.js";
import { isExecutorError } from "./executor-error.js";
import { killScript } from "./kill-script.js";
import { remoteExit } from "./remote-exit.js";
import { isPosixLoginShell, remoteInvocation, shellArguments } from "./remote-invocation.js";
import type { TargetFacts, TargetShell } from "./target-facts.js";

/** A probed target and the engine that reaches it: what a remote launcher runs commands in. */
export interface RemoteTarget {
  readonly engine: RemoteEngine;
  readonly facts: TargetFacts & { readonly shell: TargetShell };
  /** How sentences name it: "container app", "host h over SSH", "pod ns/p". */
  readonly name: string;
  /** Whether the engine offers a terminal (Docker `Tty`, an SSH pty, Kubernetes `tty`). */
  readonly terminals: boolean;
}

/** How long the kill waits for the tree to vanish after SIGKILL. */
const KILL_WAIT_MS = 5000;
/** How long asking a terminal's mode may take; then it is unknown, as a local `stty` that hangs. */
const SETTINGS_WAIT_MS = 2000;

function controlToken(): string {
  return randomBytes(12).toString("hex");
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a short script in the target and returns the control line it reports (kill, list). */
async function reportingExec(
  target: RemoteTarget,
  script: string,
  token: string,
): Promise<{ line?: Extract<ControlLine, { kind: "killed" }>; exit: EngineExit }> {
  let line: Extract<ControlLine, { kind: "killed" }> | undefined;
  const splitter = new ControlLineSplitter(token, (parsed) => {
    if (parsed.kind === "killed") line = parsed;
  });
  const exec = await target.engine.exec(
    { argv: [...shellArguments(target.facts.shell), "-c", script], stdin: false },
    { onStdout: (chunk) => splitter.push(chunk), onStderr: () => undefined },
  );
  const exit = await exec.ended;
  return { exit, ...(line ? { line } : {}) };
}

/**
 * The `stty -a` text of the terminal a launch runs on, asked in the target through a second exec:
 * the terminal the wrapper's shell (`pid`) has as stdin, which the command's readers share. Null
 * when it cannot be told (no `/proc`, no `stty`, stdin redirected, the target gone, too slow).
 */
async function remoteTerminalSettings(target: RemoteTarget, pid: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let exec: EngineExec;
  try {
    exec = await target.engine.exec(
      { argv: [...shellArguments(target.facts.shell), "-c", `stty -a </proc/${pid}/fd/0`], stdin: false },
      { onStdout: (chunk) => chunks.push(chunk), onStderr: () => undefined },
    );
  } catch {
    return null;
  }
  const exit = await Promise.race([exec.ended, delay(SETTINGS_WAIT_MS).then(() => undefined)]);
  if (exit === undefined) {
    exec.abandon();
    return null;
  }
  return exit.kind === "exited" && exit.exitCode === 0 ? Buffer.concat(chunks).toString("utf8") : null;
}

export interface GroupKillInput {
  readonly processGroup?: number;
  /** Every descendant of this pid is ended (or listed) too, never the pid itself. */
  readonly descendantsOf?: number;
  /** SIGINT to this pid first. */
  readonly interrupt?: number;
  readonly markers: readonly string[];
  readonly graceMs: number;
  readonly listOnly?: boolean;
}

/**
 * Ends (or only lists) a tree in the target through a second exec: no engine can kill an exec,
 * and dropping its stream kills nothing. Shared by a launch's `terminate` and `leftovers` and by
 * an executor's `close()` sweep of its instance marker.
 */
export async function groupKill(target: RemoteTarget, input: GroupKillInput): Promise<TerminationReport> {
  const started = Date.now();
  const token = controlToken();
  const script = killScript({
    token,
    ...(input.processGroup === undefined ? {} : { processGroup: input.processGroup }),
    ...(input.descendantsOf === undefined ? {} : { descendantsOf: input.descendantsOf }),
    ...(input.interrupt === undefined ? {} : { interrupt: input.interrupt }),
    markers: input.markers,
    graceMs: input.graceMs,
    killWaitMs: KILL_WAIT_MS,
    ...(input.listOnly ? { listOnly: true } : {}),
  });
  const report = (fields: Partial<TerminationReport>): TerminationReport => ({
    pid: input.processGroup ?? 0,
    method: "remote-group",
    descendants: [],
    forced: false,
    survivors: [],
    errors: [],
    durationMs: Date.now() - started,
    ...fields,
  });
  let outcome: Awaited<ReturnType<typeof reportingExec>>;
  try {
    outcome = await reportingExec(target, script, token);
  } catch (error) {
    return report({ errors: [`the kill could not start in ${target.name}: ${messageOf(error)}`] });
  }
  const { line, exit } = outcome;
  if (!line) {
    const why = exit.kind === "exited" ? `it ended with ${exit.exitCode ?? exit.signal}` : exit.message;
    return report({ errors: [`the kill in ${target.name} did not report (${why})`] });
  }
  const others = (pids: readonly number[]) => pids.filter((pid) => pid !== input.processGroup);
  return report({
    descendants: others(line.found),
    forced: line.forced,
    survivors: input.listOnly ? [] : line.survivors,
  });
}

/** The command text of a plan made for a POSIX shell (`bash --norc -c CMD`, `sh -c CMD`). */
function commandOfPlan(plan: LaunchPlan): string {
  const at = plan.args.lastIndexOf("-c");
  if (at === -1 || at + 1 >= plan.args.length) {
    throw new LaunchError(
      "EINVAL",
      "a remote target runs commands through its shell, and this plan has none",
    );
  }
  return plan.args[at + 1] as string;
}

/**
 * The text in pieces of at most 16 Ki code units (Kubernetes carries argv in the request URL, where
 * a byte may take three), never splitting a surrogate pair.
 */
function pieces(text: string): string[] {
  const result: string[] = [];
  for (let from = 0; from < text.length || result.length === 0; ) {
    let to = Math.min(text.length, from + 16_384);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to -= 1;
    result.push(text.slice(from, to));
    from = to;
  }
  return result;
}

/** Runs a short command in the target and tells whether it exited 0. */
async function succeeds(target: RemoteTarget, argv: readonly string[], input?: string): Promise<boolean> {
  const exec = await target.engine.exec(
    { argv, stdin: input !== undefined },
    { onStdout: () => undefined, onStderr: () => undefined },
  );
  if (input !== undefined) {
    await exec.write(input);
    try {
      await exec.closeStdin();
    } catch {
      // An engine that cannot end stdin alone (Kubernetes over v4): this way is closed.
      exec.abandon();
      await exec.ended;
      return false;
    }
  }
  const exit = await exec.ended;
  return exit.kind === "exited" && exit.exitCode === 0;
}

/**
 * Writes a private file in the target: through stdin where the engine can end it, else in pieces
 * small enough for one argument each.
 */
async function writeTargetFile(target: RemoteTarget, file: string, content: string): Promise<boolean> {
  const sh = target.facts.shell.path;
  if (await succeeds(target, [sh, "-c", `umask 077&&cat >${singleQuote(file)}`], content)) return true;
  // The pieces go to a file of their own, moved over the name at the end: the abandoned `cat`
  // (an engine that cannot end stdin alone, such as Kubernetes v4) may still be writing to the
  // first file, and its late bytes must not land between the pieces.
  const part = `${file}.part`;
  for (const [index, piece] of pieces(content).entries()) {
    const redirect = index === 0 ? ">" : ">>";
    if (
      !(await succeeds(target, [
        sh,
        "-c",
        `umask 077&&printf %s "$1" ${redirect}${singleQuote(part)}`,
        "sh",
        piece,
      ]))
    ) {
      return false;
    }
  }
  return succeeds(target, [sh, "-c", `mv -f ${singleQuote(part)} ${singleQuote(file)}`]);
}

/** A long command travels as a self-removing script file in the target's temporary directory. */
async function deliverable(target: RemoteTarget, command: string): Promise<string> {
  const bytes = Buffer.byteLength(command, "utf8");
  if (bytes <= ARGV_INLINE_MAX_BYTES) return command;
  const directory = target.facts.temporaryDirectory;
  if (directory === undefined) throw new LaunchError("E2BIG", remoteTooLongText(bytes, target.name));
  const file = `${directory}/shellgate-command-${controlToken()}.sh`;
  if (!(await writeTargetFile(target, file, scriptFileContent(command, file)))) {
    throw new LaunchError("E2BIG", remoteTooLongText(bytes, target.name));
  }
  return sourceScriptCommand(file);
}

/**
 * The launcher for a remote target: each launch is one exec of the run wrapper (see
 * `run-wrapper.ts`) and resolves once the wrapper entered the working directory and reported its
 * process group. `exited` settles at the shell's reported end, not at the end of the stream, which
 * a background child can hold open; the exit status is the engine's when it reports one, else the
 * wrapper's. The tree is ended and listed in the target itself (`groupKill`).
 */
export function createRemoteLauncher(target: RemoteTarget): RemoteLauncher {
  const instances = new Set<string>();
  return {
    canLaunchTerminal: async () => target.terminals,
    local: false,
    launch: (plan, stdio) => {
      const instance = plan.env[INSTANCE_MARKER_VARIABLE];
      if (instance !== undefined) instances.add(`${INSTANCE_MARKER_VARIABLE}=${instance}`);
      return launchRemote(target, plan, stdio);
    },
    async endInstance(graceMs) {
      if (instances.size === 0) return undefined;
      return groupKill(target, { markers: [...instances], graceMs });
    },
  };
}

/** A remote launcher, and what an executor's `close()` asks of it. */
export interface RemoteLauncher extends Launcher {
  /**
   * Ends whatever still carries an instance marker of the launches so far — what escaped every
   * run's tree (`setsid cmd >/dev/null 2>&1 &`) — as the local executor's `close()` does on this
   * machine; undefined when nothing was launched with one.
   */
  endInstance(graceMs: number): Promise<TerminationReport | undefined>;
}

async function launchRemote(target: RemoteTarget, plan: LaunchPlan, stdio: LaunchStdio): Promise<Launched> {
  if (stdio.kind === "detached") throw new LaunchError("ENOTSUP", remoteDetachedText(target.name));
  const command = await deliverable(target, commandOfPlan(plan));
  const { unset, set } = environmentDelta(target.facts.environment, plan.env);
  const markers = [`${plan.marker.name}=${plan.marker.value}`];
  const instance = plan.env[INSTANCE_MARKER_VARIABLE];
  if (instance !== undefined) markers.push(`${INSTANCE_MARKER_VARIABLE}=${instance}`);
  const token = controlToken();
  const invocation = remoteInvocation({
    facts: target.facts,
    shell: target.facts.shell,
    engineSetsEnvironment:
      target.engine.kind === "docker" ||
      (target.engine.kind === "ssh" && isPosixLoginShell(target.facts.loginShell)),
    command,
    token,
    cwd: plan.cwd,
    unset,
    set,
  });

  let pid: number | undefined;
  let cwdFailed = false;
  let end: Extract<ControlLine, { kind: "end" }> | undefined;
  let reportStart: () => void = () => undefined;
  const reportedStart = new Promise<void>((resolve) => {
    reportStart = resolve;
  });
  let reportEnd: () => void = () => undefined;
  const reportedEnd = new Promise<void>((resolve) => {
    reportEnd = resolve;
  });
  const splitter = new ControlLineSplitter(token, (line) => {
    if (line.kind === "pid") {
      pid = line.pid;
      reportStart();
    } else if (line.kind === "cwd") cwdFailed = true;
    else if (line.kind === "end") {
      end = line;
      reportEnd();
    }
  });
  const terminal = stdio.kind === "terminal";
  const onOutput = stdio.onOutput;
  let exec: EngineExec;
  try {
    exec = await target.engine.exec(
      {
        argv: invocation.argv,
        ...(Object.keys(invocation.env).length > 0 ? { env: invocation.env } : {}),
        stdin: terminal || stdio.stdin === "open",
        ...(terminal ? { tty: { columns: stdio.columns, rows: stdio.rows } } : {}),
      },
      {
        // With a terminal the wrapper's lines arrive on the one terminal stream.
        onStdout: (chunk) => {
          const own = terminal ? splitter.push(chunk) : chunk;
          if (own.length > 0) onOutput(terminal ? "terminal" : "stdout", own);
        },
        onStderr: (chunk) => {
          const own = splitter.push(chunk);
          if (own.length > 0) onOutput("stderr", own);
        },
      },
    );
  } catch (error) {
    throw new LaunchError(
      isExecutorError(error) ? error.code : "EIO",
      remoteNotStartedText(target.name, messageOf(error)),
    );
  }
  const ended = exec.ended.then((exit) => {
    const rest = splitter.flush();
    if (rest.length > 0) onOutput(terminal ? "terminal" : "stderr", rest);
    return exit;
  });

  await Promise.race([reportedStart, ended]);
  if (pid === undefined) {
    const exit = await ended;
    if (cwdFailed) throw new LaunchError("ENOENT", remoteCwdMissingText(plan.cwd, target.name));
    if (exit.kind === "not-started")
      throw new LaunchError("ENOEXEC", remoteNotStartedText(target.name, exit.message));
    if (exit.kind === "lost") throw new LaunchError("ECONNRESET", remoteLostText(target.name, exit.message));
    const status = exit.exitCode ?? exit.signal ?? "no status";
    throw new LaunchError(
      "EIO",
      remoteNotStartedText(target.name, `its shell ended (${status}) before the command began`),
    );
  }
  const started = exec;

  let terminated = false;
  const exitOptions = () => ({
    lostText: (message: string) => remoteLostText(target.name, message),
    ...(terminated ? { sent: ["SIGTERM", "SIGKILL"] as NodeJS.Signals[] } : {}),
  });
  const exited = (async (): Promise<LaunchExit> => {
    const first = await Promise.race([reportedEnd.then(() => undefined), ended]);
    if (first !== undefined) return remoteExit(first, end, exitOptions());
    // The shell reported its end; the stream may stay open (a background child holds it), so
    // the engine is asked for the status now rather than at the end of the stream.
    const status = await Promise.race([started.status(), ended]);
    return remoteExit(status ?? { kind: "exited", exitCode: null, signal: null }, end, exitOptions());
  })();

  let termination: Promise<TerminationReport | undefined> | undefined;
  const terminate = (graceMs: number): Promise<TerminationReport | undefined> => {
    terminated = true;
    termination ??= groupKill(target, { processGroup: pid as number, markers, graceMs });
    return termination;
  };

  let inputClosed = false;
  const stdin: StdinCapability | undefined =
    terminal || (stdio.kind === "pipes" && stdio.stdin === "open")
      ? {
          write: async (data) => {
            if (inputClosed) throw new Error("input is closed");
            await started.write(typeof data === "string" ? data : Buffer.from(data));
          },
          closeStdin: async (eof) => {
            if (inputClosed) return;
            // A terminal has no half-close: its EOF characters end the reader's input.
            if (terminal) {
              inputClosed = true;
              await started.write(eof ?? "\x04");
              return;
            }
            try {
              await started.closeStdin();
            } catch (error) {
              // Nothing was closed (Kubernetes over v4): input stays open, and the caller says so.
              if (isExecutorError(error) && error.code === "unsupported") {
                throw new LaunchError("ENOTSUP", error.message);
              }
              inputClosed = true;
              throw error;
            }
            inputClosed = true;
          },
          abort: () => {
            inputClosed = true;
          },
        }
      : undefined;

  return {
    exited,
    drained: ended.then(() => undefined),
    terminate,
    async leftovers() {
      // What the wrapper saw: no background job and the streams closed with the shell. Only a
      // hint of a leftover is worth the exec that lists the group and the markers.
      const settled = await Promise.race([ended.then(() => true), delay(0).then(() => false)]);
      if (end && end.jobs.length === 0 && settled) return [];
      const listed = await groupKill(target, {
        processGroup: pid as number,
        markers,
        graceMs: 0,
        listOnly: true,
      });
      return listed.descendants;
    },
    abandonOutput: () => started.abandon(),
    release: () => undefined,
    annotate: () => "",
    ...(stdin ? { stdin } : {}),
    ...(terminal && stdin
      ? {
          pty: {
            ...stdin,
            resize: (columns: number, rows: number) => {
              void started.resize(columns, rows).catch(() => undefined);
            },
            // Its device is in the target: its mode (canonical or raw) is asked there.
            settings: () => remoteTerminalSettings(target, pid as number),
          },
        }
      : {}),
  };
}
