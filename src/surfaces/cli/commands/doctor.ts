import os from "node:os";
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
import type { ShellgateConfig } from "../../../config/schema.js";
import type { OpenedTarget } from "../../../execution/remote/open-target.js";
import { remoteBackgroundRuns } from "../../../execution/remote/remote-background-runs.js";
import { type BackgroundRun, backgroundRuns } from "../../../execution/run/background-status.js";
import { createSandbox } from "../../../execution/sandbox/index.js";
import type { CliCommand } from "../command.js";
import { withExecutorFlag } from "../executor-option.js";
import { executorJson, withExecutorTarget } from "../executor-target.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import { UsageError } from "../usage-error.js";
import { rejectPositionals, resolveOptionsFromConfig } from "./describe.js";

const DOCTOR_USAGE =
  "usage: shellgate doctor [--json] [--host FILE] [--capture] [--config FILE] [--executor docker:NAME|ssh://user@host:port|k8s://ns/pod/container]";

/**
 * A remote target's probe, as `doctor` shows it: what was found, what is missing, and the
 * `--background` starts recorded in the target (read there; undefined when they could not be).
 */
function remoteDoctor(
  config: ShellgateConfig,
  opened: OpenedTarget,
  json: boolean,
  background: readonly BackgroundRun[] | undefined,
): string {
  const { facts } = opened.target;
  const { resolution } = opened.description;
  const description = describeShell(resolution, { remote: true });
  const { environment, ...found } = facts;
  if (json) {
    const probe = { ...found, environment: Object.keys(environment).sort() };
    const report = {
      executor: executorJson(config, opened),
      probe,
      missing: opened.gaps,
      resolution,
      description,
      ...(background ? { background } : {}),
    };
    return `${JSON.stringify(report, null, 2)}\n`;
  }
  const shell = `${facts.shell.kind === "bash" ? "bash" : "POSIX sh"}${facts.shell.version ? ` ${facts.shell.version}` : ""} at ${facts.shell.path}`;
  const lines = [
    `executor: ${config.executor.kind} — ${opened.description.target}`,
    `probe: user ${facts.user}${facts.uid === undefined ? "" : ` (uid ${facts.uid})`}, home ${facts.home ?? "unknown"}, starts in ${opened.description.cwd}, ${facts.os} ${facts.arch}, ${shell}`,
    `missing:${opened.gaps.length === 0 ? " nothing" : ""}`,
    ...opened.gaps.map((gap) => `  - ${gap}`),
    "",
    description,
    opened.description.isolation ?? "",
  ];
  const runs = background
    ? backgroundLines(background, ` in ${opened.description.target}`)
    : `background runs (shellgate run --background): could not be read in ${opened.description.target}\n`;
  return `${lines.join("\n")}\n${runs}`;
}

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

const BACKGROUND_SHOWN = 10;

/** The `--background` starts recorded in the spill directory, and how each ended. */
function backgroundLines(runs: readonly BackgroundRun[], where = ""): string {
  if (runs.length === 0) return `background runs (shellgate run --background): none recorded${where}\n`;
  const lines = runs.slice(0, BACKGROUND_SHOWN).map((run) => {
    const state =
      run.state === "exited"
        ? `exited ${run.exitCode} at ${run.endedAt}`
        : run.state === "running"
          ? "running"
          : "ended without an exit status (killed with its shell, or bash could not parse it)";
    return `  pid ${run.pid}, started ${run.startedAt}: ${state}\n    command: ${run.command.split("\n")[0]}\n    output: ${run.logPath}`;
  });
  const more = runs.length > BACKGROUND_SHOWN ? [`  … ${runs.length - BACKGROUND_SHOWN} older`] : [];
  return `background runs (shellgate run --background)${where}, newest first:\n${[...lines, ...more].join("\n")}\n`;
}

export const doctorCommand: CliCommand = {
  name: "doctor",
  async run(args, io) {
    const parsed = parseArguments(args, {
      json: { type: "boolean" },
      host: { type: "string" },
      capture: { type: "boolean" },
      config: { type: "string" },
      executor: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (booleanOption(parsed, "help")) {
      io.stdout.write(`${DOCTOR_USAGE}\n`);
      return 0;
    }
    rejectPositionals(parsed);
    const config = await withExecutorFlag(
      await loadConfig(stringOption(parsed, "config"), io.cwd),
      stringOption(parsed, "executor"),
      io.env,
    );
    if (config.executor.kind !== "local") {
      if (stringOption(parsed, "host") !== undefined || booleanOption(parsed, "capture")) {
        throw new UsageError(
          "--host and --capture are about this machine; they cannot be combined with a remote executor",
        );
      }
      return withExecutorTarget(config, io.env, async (opened) => {
        const target = opened as OpenedTarget;
        const background = await remoteBackgroundRuns(target.target).catch(() => undefined);
        io.stdout.write(remoteDoctor(config, target, booleanOption(parsed, "json"), background));
        return 0;
      });
    }
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
    // This machine's own starts; a snapshot from --host has none to show.
    const background = chosen.isReal ? backgroundRuns(config.spill_dir ?? os.tmpdir()) : undefined;
    if (booleanOption(parsed, "json")) {
      const host = { label: chosen.label, ...(chosen.isReal ? { node: process.version } : {}) };
      const executor = executorJson(config, undefined);
      const report = {
        executor,
        resolution,
        description,
        host,
        sandbox,
        ...(background ? { background } : {}),
      };
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
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
    if (background) io.stdout.write(backgroundLines(background));
    return 0;
  },
};
