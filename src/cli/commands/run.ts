import os from "node:os";
import path from "node:path";
import { createRealHost } from "../../../platforms/host/real-host.js";
import { resolveShell } from "../../../platforms/resolve/resolve-shell.js";
import { loadConfig } from "../../config/load-config.js";
import type { ShellgateConfig } from "../../config/schema.js";
import { cleanOldSpills } from "../../io/spill-directory.js";
import { ExecutionError } from "../../run/execution-error.js";
import { renderRunText } from "../../run/render-result.js";
import { runCommand } from "../../run/run-command.js";
import { runOptionsFromConfig } from "../../run/run-options.js";
import { cliExitCode } from "../../run/run-result.js";
import { startDetached } from "../../run/start-detached.js";
import { validateTimeoutSeconds } from "../../run/timeout.js";
import { createSafetyGate, safetyGateOptionsFromConfig } from "../../safety/index.js";
import { SAFETY_PROFILES, type SafetyProfile, type Verdict } from "../../safety/verdict.js";
import type { InterruptSignal } from "../../surfaces/cli/interrupter.js";
import {
  INPUT_ERROR_EXIT,
  interruptedExit,
  notStartedExit,
  resultExit,
} from "../../surfaces/cli/run-exit.js";
import type { CliCommand, CliIo } from "../command.js";
import { isInputError } from "../input-error.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import { UsageError } from "../usage-error.js";

const OPTIONS = {
  timeout: { type: "string" },
  cwd: { type: "string" },
  profile: { type: "string" },
  config: { type: "string" },
  json: { type: "boolean" },
  background: { type: "boolean" },
} as const;

/** The safety gate for the configured profile (a config it rejects is an input error, exit 2). */
async function loadGate(config: ShellgateConfig): Promise<(command: string) => Verdict> {
  const gate = await createSafetyGate(safetyGateOptionsFromConfig(config));
  return (command) => gate.check(command);
}

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (text.trim() === "" || !Number.isFinite(seconds)) {
    throw new UsageError(`--timeout must be a number of seconds, got '${text}'`);
  }
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

const RUN_USAGE =
  "usage: shellgate run [--timeout S] [--cwd DIR] [--profile P] [--config FILE] [--json] [--background] [--] COMMAND";

/** `--json` before `--`: known before parsing, so even a parse error can be answered in JSON. */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

function writeJson(io: CliIo, value: unknown, pretty = false): void {
  if (io.interrupter?.stdoutClosed) return;
  io.stdout.write(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}

async function runOnce(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  const command = parsed.positionals.join(" ");
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
  const resolution = await resolveShell(createRealHost({ env: io.env, cwd: io.cwd }), {
    windowsShell: config.windows_shell,
    ...(config.bash_path === undefined ? {} : { bashPath: config.bash_path }),
  });
  const check = await loadGate(config);
  const cwdOption = stringOption(parsed, "cwd");
  const json = booleanOption(parsed, "json");
  // Old spill directories go while the command runs; awaited before exit so none is cut short.
  const cleaning = cleanOldSpills(config.spill_dir ?? os.tmpdir(), config.spill_max_age_hours);
  const options = {
    ...runOptionsFromConfig(config),
    resolution,
    cwd: path.resolve(io.cwd, config.working_dir ?? "."),
    env: io.env,
    check,
    ...(cwdOption === undefined ? {} : { workdir: cwdOption }),
    ...(timeout === undefined ? {} : { timeoutSeconds: timeout }),
  };
  // A signal to shellgate (or its stdout closing) stops the command's tree and still reports.
  const controller = new AbortController();
  let interruptedBy: InterruptSignal | undefined;
  const unwatch = io.interrupter?.watch((signal) => {
    interruptedBy ??= signal;
    controller.abort(new Error(`shellgate received ${signal}`));
  });
  try {
    if (background) {
      const started = await startDetached(command, options);
      await cleaning;
      if (json) writeJson(io, { ...started, exit: { code: 0, reason: "started" } });
      else
        io.stdout.write(
          `started in the background: pid ${started.pid}; output: ${started.logPath ?? "(unavailable)"}\n`,
        );
      return 0;
    }
    const result = await runCommand(command, { ...options, signal: controller.signal });
    await cleaning;
    const exit =
      interruptedBy === undefined
        ? resultExit({ ...result, cliCode: cliExitCode(result) })
        : interruptedExit(interruptedBy);
    if (io.interrupter?.stdoutClosed) return exit.code;
    if (json) writeJson(io, { ...result, exit, ...(interruptedBy ? { interruptedBy } : {}) }, true);
    else {
      // Interrupted: what was collected, marked with the signal shellgate received.
      const shown =
        interruptedBy === undefined ? result : { ...result, timedOut: false, signal: interruptedBy };
      const text = renderRunText(shown);
      io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
    }
    return exit.code;
  } catch (error) {
    await cleaning;
    if (error instanceof ExecutionError) {
      const exit = interruptedBy === undefined ? notStartedExit(error.code) : interruptedExit(interruptedBy);
      if (json) writeJson(io, { error: error.code, message: error.message, exit });
      io.stderr.write(`shellgate run: ${error.message}\n`);
      return exit.code;
    }
    throw error;
  } finally {
    unwatch?.();
  }
}

export const runCommandCli: CliCommand = {
  name: "run",
  summary: "run one command through shellgate (gate, shell, limits) and print what the model would see",
  usage: RUN_USAGE,
  inputErrorExitCode: INPUT_ERROR_EXIT,
  async run(args, io) {
    try {
      return await runOnce(args, io);
    } catch (error) {
      if (wantsJson(args) && isInputError(error)) {
        const exit = { code: INPUT_ERROR_EXIT, reason: "input-error" };
        writeJson(io, { error: "input-error", message: error.message, exit });
      }
      throw error;
    }
  },
};

export { runCommandCli as runCommand };
