import { rmSync } from "node:fs";
import os from "node:os";
import { CurrentDirectoryError } from "../../../../platforms/index.js";
import { configWarnings, runOptionsFromConfig } from "../../../api/config-options.js";
import { createShellgate } from "../../../api/create-shellgate.js";
import type { Shellgate } from "../../../api/shellgate.js";
import { callDirectory } from "../../../api/working-directory.js";
import { loadConfig } from "../../../config/load-config.js";
import type { ShellgateConfig } from "../../../config/schema.js";
import { cleanOldSpills } from "../../../execution/io/spill-directory.js";
import { ExecutionError } from "../../../execution/run/execution-error.js";
import { cliExitCode } from "../../../execution/run/run-result.js";
import { type DetachedStart, startDetached } from "../../../execution/run/start-detached.js";
import { validateTimeoutSeconds } from "../../../execution/run/timeout.js";
import { SAFETY_PROFILES, type SafetyProfile, type Verdict } from "../../../safety/verdict.js";
import { renderRunMarkers, renderRunText } from "../../../text/results/render-result.js";
import type { CliCommand, CliIo } from "../command.js";
import { withExecutorFlag } from "../executor-option.js";
import { isExecutorProblem } from "../executor-problem.js";
import { isInputError } from "../input-error.js";
import type { InterruptSignal } from "../interrupter.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import {
  INPUT_ERROR_EXIT,
  interruptedExit,
  NOT_STARTED_EXIT,
  notStartedExit,
  resultExit,
} from "../run-exit.js";
import { parseSandboxFlag } from "../sandbox-flag.js";
import { commandFromStdin } from "../stdin-command.js";
import { UsageError } from "../usage-error.js";

const OPTIONS = {
  timeout: { type: "string" },
  cwd: { type: "string" },
  profile: { type: "string" },
  config: { type: "string" },
  json: { type: "boolean" },
  background: { type: "boolean" },
  sandbox: { type: "string" },
  executor: { type: "string" },
} as const;

// Decimal seconds only: Number() would also take 0x10, 1e3, 0b11 and padded text, none of which a
// person means as a timeout.
const DECIMAL_SECONDS = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!DECIMAL_SECONDS.test(text)) {
    throw new UsageError(`--timeout must be a decimal number of seconds (such as 30 or 2.5), got '${text}'`);
  }
  const seconds = Number(text);
  try {
    return validateTimeoutSeconds(seconds, { field: "--timeout", longerWork: "--background" });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function parseProfile(text: string | undefined): SafetyProfile | undefined {
  if (text === undefined) return undefined;
  if (!(SAFETY_PROFILES as readonly string[]).includes(text)) {
    throw new UsageError(`--profile must be one of ${SAFETY_PROFILES.join(", ")}, got '${text}'`);
  }
  return text as SafetyProfile;
}

/**
 * `run -` reads the command from stdin (no quoting to get right in any shell); else the one argument.
 * Several words are refused rather than joined: joining drops the quoting the shell already removed
 * (`run echo 'a  b'` would print `a b`), so the command would not be the one typed.
 */
async function commandText(positionals: readonly string[], io: CliIo): Promise<string> {
  if (positionals.length > 1) {
    throw new UsageError(
      `run takes the command as one argument, got ${positionals.length} words; quote it: shellgate run ${posixQuote(positionals.join(" "))} (or pipe it to shellgate run -)`,
    );
  }
  if (positionals[0] !== "-") return positionals[0] ?? "";
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return commandFromStdin(Buffer.concat(chunks));
}

function posixQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/** On a terminal the output is shown as it arrives, each stream on its own; the markers follow at the end. */
function streamTo(io: CliIo): (stream: "stdout" | "stderr", chunk: Buffer) => void {
  return (stream, chunk) => {
    (stream === "stdout" ? io.stdout : io.stderr).write(chunk);
  };
}

const RUN_USAGE =
  "usage: shellgate run [--timeout S] [--cwd DIR] [--profile P] [--config FILE] [--sandbox off|auto|required] [--executor docker:NAME|ssh://user@host:port|k8s://ns/pod/container] [--json] [--background] [--] COMMAND";

/** `--json` before `--`: known before parsing, so even a parse error can be answered in JSON. */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

/** Resolves once `text` is handed to the OS, false when the reader has gone (EPIPE). */
function written(io: CliIo, text: string): Promise<boolean> {
  if (text === "") return Promise.resolve(true);
  return new Promise((resolve) => {
    io.stdout.write(text, (error) => resolve(error === undefined || error === null));
  });
}

function removeSpills(spill: { readonly stdout?: string | null; readonly stderr?: string | null }): void {
  for (const file of [spill.stdout, spill.stderr]) if (file) rmSync(file, { force: true });
}

function writeJson(io: CliIo, value: unknown, pretty = false): void {
  if (io.interrupter?.stdoutClosed) return;
  io.stdout.write(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}

/**
 * `--background`: detached on this machine, or in the executor's target (the remote executors
 * record the exit status there); a host executor that cannot detach is refused.
 */
async function detach(
  shellgate: Shellgate,
  command: string,
  workdir: string,
  verdict: Verdict | undefined,
  config: ShellgateConfig,
  io: CliIo,
): Promise<DetachedStart> {
  const { executor } = shellgate;
  if (executor.describe().location === "local") {
    return startDetached(command, {
      ...runOptionsFromConfig(config),
      resolution: shellgate.shell,
      cwd: shellgate.cwd,
      workdir,
      env: io.env,
      ...(verdict ? { verdict } : {}),
      ...(shellgate.sandbox.policy.mode === "off" ? {} : { sandbox: shellgate.sandbox }),
    });
  }
  if (!executor.startDetached) {
    throw new UsageError(
      `--background needs an executor that can detach a command in ${executor.describe().target ?? "its target"}, and this one cannot; run it in the foreground, or detach it there (nohup COMMAND >log 2>&1 &)`,
    );
  }
  return executor.startDetached(executor.resolve({ command, workdir, ...(verdict ? { verdict } : {}) }));
}

function startedText(started: DetachedStart): string {
  const where = started.target === undefined ? "" : ` in ${started.target}`;
  const files =
    started.target === undefined
      ? "shellgate doctor lists it"
      : `both paths are in ${started.target}; shellgate doctor with the same --executor lists it`;
  return `started in the background${where}: pid ${started.pid}; output: ${started.logPath ?? "(unavailable)"}; exit status: ${started.statusPath ?? "(not recorded)"} (${files})`;
}

async function runOnce(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  const command = await commandText(parsed.positionals, io);
  if (command.trim() === "") {
    throw new UsageError(RUN_USAGE);
  }
  const timeout = parseTimeout(stringOption(parsed, "timeout"));
  const background = booleanOption(parsed, "background");
  if (background && timeout !== undefined) {
    throw new UsageError(
      "--timeout does not apply to --background: the work is detached and outlives shellgate, so nothing would enforce it; drop --timeout, or limit the command itself (timeout 60 make test)",
    );
  }
  const profile = parseProfile(stringOption(parsed, "profile"));
  let config: ShellgateConfig = await loadConfig(stringOption(parsed, "config"), io.cwd);
  if (profile) config = { ...config, safety_profile: profile };
  config = await withExecutorFlag(config, stringOption(parsed, "executor"), io.env);
  for (const warning of configWarnings(config)) io.stderr.write(`shellgate: warning: ${warning}\n`);
  const json = booleanOption(parsed, "json");
  // The same instance every host gets: one admission step, the configured executor.
  const sandboxFlag = parseSandboxFlag(stringOption(parsed, "sandbox"));
  const shellgate = await createShellgate(config, {
    cwd: io.cwd,
    env: io.env,
    ...(sandboxFlag === undefined ? {} : { sandbox: { mode: sandboxFlag } }),
  });
  // Old spill directories go while the command runs; awaited before exit so none is cut short.
  const cleaning = cleanOldSpills(config.spill_dir ?? os.tmpdir(), config.spill_max_age_hours);
  // A signal to shellgate (or its stdout closing) stops the command's tree and still reports.
  const controller = new AbortController();
  let interruptedBy: InterruptSignal | undefined;
  const unwatch = io.interrupter?.watch((signal) => {
    interruptedBy ??= signal;
    controller.abort(new Error(`shellgate received ${signal}`));
  });
  try {
    const workdir = callDirectory(shellgate.cwd, stringOption(parsed, "cwd"), shellgate.shell.platform);
    const admission = await shellgate.admit({
      command,
      cwd: workdir,
      action: background ? "background" : "run",
    });
    if (!admission.allowed) throw new ExecutionError("blocked", admission.reason, admission.verdict);
    if (background) {
      const started = await detach(shellgate, command, workdir, admission.verdict, config, io);
      if (json) writeJson(io, { ...started, exit: { code: 0, reason: "started" } });
      else io.stdout.write(`${startedText(started)}\n`);
      return 0;
    }
    const spec = shellgate.executor.resolve({
      command,
      workdir,
      verdict: admission.verdict,
      signal: controller.signal,
      ...(timeout === undefined ? {} : { timeout }),
    });
    const live = !json && isTerminal(io.stdout);
    const result = await shellgate.executor.run(live ? { ...spec, onOutput: streamTo(io) } : spec);
    const exit =
      interruptedBy === undefined
        ? resultExit({ ...result, cliCode: cliExitCode(result) })
        : interruptedExit(interruptedBy);
    if (io.interrupter?.stdoutClosed) {
      removeSpills(result.spill);
      return exit.code;
    }
    let report: string;
    if (json)
      report = `${JSON.stringify({ ...result, exit, ...(interruptedBy ? { interruptedBy } : {}) }, null, 2)}\n`;
    else {
      // Interrupted: what was collected, marked with the signal shellgate received.
      const shown =
        interruptedBy === undefined ? result : { ...result, timedOut: false, signal: interruptedBy };
      const text = live
        ? renderRunMarkers(shown)
            .map((marker) => `${marker}\n`)
            .join("")
        : renderRunText(shown);
      report = text.endsWith("\n") || text === "" ? text : `${text}\n`;
    }
    // Written while the watch still stands, so a reader that left early (`| head`) is seen here
    // rather than ending the process: the spill files it never got the names of go with it.
    if (!(await written(io, report)) || io.interrupter?.stdoutClosed) {
      removeSpills(result.spill);
      return interruptedExit("SIGPIPE").code;
    }
    return exit.code;
  } catch (error) {
    if (error instanceof ExecutionError) {
      const exit = interruptedBy === undefined ? notStartedExit(error.code) : interruptedExit(interruptedBy);
      if (json) writeJson(io, { error: error.code, message: error.message, exit });
      io.stderr.write(`shellgate run: ${error.message}\n`);
      return exit.code;
    }
    throw error;
  } finally {
    unwatch?.();
    await Promise.all([cleaning, shellgate.close()]);
  }
}

export const runCommandCli: CliCommand = {
  name: "run",
  inputErrorExitCode: INPUT_ERROR_EXIT,
  async run(args, io) {
    try {
      return await runOnce(args, io);
    } catch (error) {
      if (error instanceof CurrentDirectoryError) {
        // Nothing could start there: the not-started exit, like a working directory that is missing.
        const exit = { code: NOT_STARTED_EXIT, reason: "not-started" };
        if (wantsJson(args)) writeJson(io, { error: "bad-cwd", message: error.message, exit });
        io.stderr.write(`shellgate run: ${error.message}\n`);
        return NOT_STARTED_EXIT;
      }
      if (wantsJson(args) && isExecutorProblem(error)) {
        const exit = { code: NOT_STARTED_EXIT, reason: "not-started" };
        writeJson(io, { error: "executor-unavailable", message: error.message, exit });
      } else if (wantsJson(args) && isInputError(error)) {
        const exit = { code: INPUT_ERROR_EXIT, reason: "input-error" };
        writeJson(io, { error: "input-error", message: error.message, exit });
      }
      throw error;
    }
  },
};
