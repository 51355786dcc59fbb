import {
  chooseBashPath,
  chooseHost,
  chooseWindowsShellPreference,
  createCapturingHost,
  createRealHost,
  describeShell,
  formatDoctorReport,
  resolveShell,
} from "../../../../platforms/index.js";
import { sandboxOptionsFromConfig } from "../../../api/sandbox-options.js";
import { loadConfig } from "../../../config/load-config.js";
import { createSandbox } from "../../../execution/sandbox/index.js";
import type { CliCommand } from "../command.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import { UsageError } from "../usage-error.js";
import { rejectPositionals, resolveOptionsFromConfig } from "./describe.js";

const DOCTOR_USAGE = "usage: shellgate doctor [--json] [--host FILE] [--capture] [--config FILE]";

/**
 * `sandbox` in the report: what this host could enclose commands with, probed whatever the mode
 * (so `off` still says whether `auto` would work), and the mode in force.
 */
async function sandboxDoctorReport(
  configFile: string | undefined,
  io: { cwd: string; env: NodeJS.ProcessEnv },
) {
  const config = await loadConfig(configFile, io.cwd);
  const active = createSandbox(sandboxOptionsFromConfig(config, { cwd: io.cwd, env: io.env }));
  const probe = createSandbox(sandboxOptionsFromConfig(config, { cwd: io.cwd, env: io.env, mode: "auto" }));
  return { mode: active.policy.mode, ...(await probe.status()) };
}

export const doctorCommand: CliCommand = {
  name: "doctor",
  async run(args, io) {
    const parsed = parseArguments(args, {
      json: { type: "boolean" },
      host: { type: "string" },
      capture: { type: "boolean" },
      config: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (booleanOption(parsed, "help")) {
      io.stdout.write(`${DOCTOR_USAGE}\n`);
      return 0;
    }
    rejectPositionals(parsed);
    const hostFile = stringOption(parsed, "host");
    const capture = booleanOption(parsed, "capture");
    if (capture && hostFile !== undefined) {
      throw new UsageError("--capture records this machine, so it cannot be combined with --host");
    }
    const sandbox = await sandboxDoctorReport(stringOption(parsed, "config"), io);

    if (capture) {
      const capturing = createCapturingHost(createRealHost({ env: io.env, cwd: io.cwd }));
      await resolveShell(
        capturing.host,
        await resolveOptionsFromConfig(stringOption(parsed, "config"), io, true),
      );
      const snapshot = {
        ...capturing.snapshot(),
        comment: `captured by shellgate doctor --capture at ${new Date().toISOString()} with node ${process.version}`,
      };
      io.stdout.write(`${JSON.stringify(snapshot, null, 2)}\n`);
      return 0;
    }

    const chosen = await chooseHost(hostFile, io.env, io.cwd);
    const options = await resolveOptionsFromConfig(stringOption(parsed, "config"), io, chosen.isReal);
    const resolution = await resolveShell(chosen.host, options);
    const description = describeShell(resolution);
    if (booleanOption(parsed, "json")) {
      const host = { label: chosen.label, ...(chosen.isReal ? { node: process.version } : {}) };
      io.stdout.write(`${JSON.stringify({ resolution, description, host, sandbox }, null, 2)}\n`);
      return 0;
    }
    const env = (name: string) => chosen.host.env(name);
    const preference = chooseWindowsShellPreference(options.windowsShell, env);
    const bashPath = chooseBashPath(options.bashPath, env);
    io.stdout.write(
      formatDoctorReport(resolution, description, {
        hostLabel: chosen.label,
        ...(chosen.isReal ? { nodeVersion: process.version } : {}),
        ...(resolution.platform === "win32"
          ? { preference: `windows_shell=${preference.preference} (from ${preference.source})` }
          : {}),
        ...(bashPath ? { bashPath: `${bashPath.path} (from ${bashPath.source})` } : {}),
      }),
    );
    io.stdout.write(
      `sandbox: mode ${sandbox.mode}; ${sandbox.available ? "available" : "unavailable"} (${sandbox.mechanism}): ${sandbox.reason}\n`,
    );
    return 0;
  },
};
