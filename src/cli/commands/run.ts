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
import type { CliCommand } from "../command.js";
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
    return validateTimeoutSeconds(seconds);
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
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

export const runCommandCli: CliCommand = {
  name: "run",
  summary: "run one command through shellgate (gate, shell, limits) and print what the model would see",
  usage: RUN_USAGE,
  async run(args, io) {
    const parsed = parseArguments(args, OPTIONS);
    const command = parsed.positionals.join(" ");
    if (command.trim() === "") {
      throw new UsageError(RUN_USAGE);
    }
    const timeout = parseTimeout(stringOption(parsed, "timeout"));
    const profile = parseProfile(stringOption(parsed, "profile"));
    let config: ShellgateConfig = await loadConfig(stringOption(parsed, "config"), io.cwd);
    if (profile) config = { ...config, safety_profile: profile };
    const resolution = await resolveShell(createRealHost({ env: io.env, cwd: io.cwd }), {
      windowsShell: config.windows_shell,
      wslLoginShell: config.wsl_login_shell,
      ...(config.bash_path === undefined ? {} : { bashPath: config.bash_path }),
    });
    const check = await loadGate(config);
    const cwdOption = stringOption(parsed, "cwd");
    // Old spill directories go while the command runs; awaited before exit so none is cut short.
    const cleaning = cleanOldSpills(config.spill_dir ?? os.tmpdir(), config.spill_max_age_hours);
    const options = {
      ...runOptionsFromConfig(config),
      resolution,
      cwd: path.resolve(io.cwd, config.working_dir ?? "."),
      env: io.env,
      check,
      ...(cwdOption === undefined ? {} : { workdir: cwdOption }),
      ...(timeout === undefined ? {} : { timeout }),
    };
    try {
      if (booleanOption(parsed, "background")) {
        const started = await startDetached(command, options);
        await cleaning;
        if (booleanOption(parsed, "json")) io.stdout.write(`${JSON.stringify(started)}\n`);
        else
          io.stdout.write(
            `started in the background: pid ${started.pid}; output: ${started.logPath ?? "(unavailable)"}\n`,
          );
        return 0;
      }
      const result = await runCommand(command, options);
      await cleaning;
      if (booleanOption(parsed, "json")) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else {
        const text = renderRunText(result);
        io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      }
      return cliExitCode(result);
    } catch (error) {
      await cleaning;
      if (error instanceof ExecutionError) {
        if (booleanOption(parsed, "json"))
          io.stdout.write(`${JSON.stringify({ error: error.code, message: error.message })}\n`);
        io.stderr.write(`shellgate run: ${error.message}\n`);
        return error.code === "invalid-timeout" ? 2 : 1;
      }
      throw error;
    }
  },
};

export { runCommandCli as runCommand };
