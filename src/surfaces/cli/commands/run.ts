import os from "node:os";
import { configWarnings, runOptionsFromConfig } from "../../../api/config-options.js";
import { createShellgate } from "../../../api/create-shellgate.js";
import { callDirectory } from "../../../api/working-directory.js";
import { loadConfig } from "../../../config/load-config.js";
import type { ShellgateConfig } from "../../../config/schema.js";
import { cleanOldSpills } from "../../../execution/io/spill-directory.js";
import { ExecutionError } from "../../../execution/run/execution-error.js";
import { cliExitCode } from "../../../execution/run/run-result.js";
import { startDetached } from "../../../execution/run/start-detached.js";
import { validateTimeoutSeconds } from "../../../execution/run/timeout.js";
import { SAFETY_PROFILES, type SafetyProfile } from "../../../safety/verdict.js";
import { renderRunText } from "../../../text/results/render-result.js";
import type { CliCommand } from "../command.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import { parseSandboxFlag } from "../sandbox-flag.js";
import { UsageError } from "../usage-error.js";

const OPTIONS = {
  timeout: { type: "string" },
  cwd: { type: "string" },
  profile: { type: "string" },
  config: { type: "string" },
  json: { type: "boolean" },
  background: { type: "boolean" },
  sandbox: { type: "string" },
} as const;

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
  "usage: shellgate run [--timeout S] [--cwd DIR] [--profile P] [--config FILE] [--sandbox off|auto|required] [--json] [--background] [--] COMMAND";

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
    for (const warning of configWarnings(config)) io.stderr.write(`shellgate: warning: ${warning}\n`);
    const background = booleanOption(parsed, "background");
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
    try {
      const workdir = callDirectory(shellgate.cwd, stringOption(parsed, "cwd"), shellgate.shell.platform);
      const admission = await shellgate.admit({
        command,
        cwd: workdir,
        action: background ? "background" : "run",
      });
      if (!admission.allowed) throw new ExecutionError("blocked", admission.reason, admission.verdict);
      if (background) {
        const started = await startDetached(command, {
          ...runOptionsFromConfig(config),
          resolution: shellgate.shell,
          cwd: shellgate.cwd,
          workdir,
          env: io.env,
          verdict: admission.verdict,
          ...(shellgate.sandbox.policy.mode === "off" ? {} : { sandbox: shellgate.sandbox }),
          ...(timeout === undefined ? {} : { timeout }),
        });
        if (json) io.stdout.write(`${JSON.stringify(started)}\n`);
        else
          io.stdout.write(
            `started in the background: pid ${started.pid}; output: ${started.logPath ?? "(unavailable)"}\n`,
          );
        return 0;
      }
      const spec = shellgate.executor.resolve({
        command,
        workdir,
        verdict: admission.verdict,
        ...(timeout === undefined ? {} : { timeout }),
      });
      const result = await shellgate.executor.run(spec);
      if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else {
        const text = renderRunText(result);
        io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      }
      return cliExitCode(result);
    } catch (error) {
      if (error instanceof ExecutionError) {
        if (json) io.stdout.write(`${JSON.stringify({ error: error.code, message: error.message })}\n`);
        io.stderr.write(`shellgate run: ${error.message}\n`);
        return error.code === "invalid-timeout" ? 2 : 1;
      }
      throw error;
    } finally {
      await Promise.all([cleaning, shellgate.close()]);
    }
  },
};
