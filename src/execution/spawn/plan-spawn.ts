import type { ShellResolution } from "../../../platforms/index.js";
import type { RunMarker } from "../environment/run-marker.js";
import { splitSimpleCommand } from "../fallback/split-simple-command.js";
import { COMMAND_VARIABLE, COMMAND_WRAPPER, wrapCommandText } from "./command-wrapper.js";
import { type SpawnPlan, SpawnPlanError } from "./spawn-plan.js";

export interface PlanSpawnOptions {
  /** The cwd as the shell sees it (kind `wsl`: `/mnt/c/...`); defaults to `cwd` itself. */
  readonly shellCwd?: string;
}

function shellExecutable(resolution: ShellResolution): string {
  if (!resolution.path) {
    throw new SpawnPlanError(`the ${resolution.kind} shell resolution has no executable path`);
  }
  return resolution.path;
}

/**
 * Decides how to start `command` in `cwd` on the resolved shell. Pure: no processes, no files.
 * - `bash`/`sh` on POSIX: `bash -c <command>`; argv reaches the shell unchanged there.
 * - `gitbash`/`cygwin` (and any bash on Windows): the text travels in an environment variable,
 *   because the MSYS/Cygwin runtime re-parses the command line a native parent builds.
 * - `wsl`: `wsl.exe [-d distro] --cd <cwd> --exec bash -c <wrapper>`, the text in the environment
 *   and forwarded with `WSLENV` (never `System32\bash.exe`, which expands variables twice).
 * - `none`: split into argv and run without a shell, or refused with the operator named.
 */
export function planSpawn(
  resolution: ShellResolution,
  command: string,
  cwd: string,
  options: PlanSpawnOptions = {},
): SpawnPlan {
  const windows = resolution.platform === "win32";
  const common = { cwd, detached: !windows, windowsHide: true, crossSpawn: false } as const;
  switch (resolution.kind) {
    case "bash":
    case "sh":
      if (!windows) {
        return {
          ...common,
          shell: resolution.kind,
          file: shellExecutable(resolution),
          args: ["-c", command],
          delivery: "argv",
        };
      }
      return environmentPlan(resolution, command, common);
    case "gitbash":
    case "cygwin":
      return environmentPlan(resolution, command, common);
    case "wsl": {
      const distro = resolution.distro ? ["-d", resolution.distro] : [];
      // `--cd` takes a Linux path or an absolute Windows path, so the native cwd is valid too.
      const shellCwd = options.shellCwd ?? cwd;
      return {
        ...common,
        shell: "wsl",
        file: shellExecutable(resolution),
        args: [
          ...distro,
          "--cd",
          shellCwd,
          "--exec",
          "bash",
          ...(resolution.loginShell === true ? ["-l"] : []),
          "-c",
          COMMAND_WRAPPER,
        ],
        env: { [COMMAND_VARIABLE]: wrapCommandText(command), WSLENV: COMMAND_VARIABLE },
        delivery: "environment",
      };
    }
    case "none": {
      const split = splitSimpleCommand(command);
      if (!split.ok) throw new SpawnPlanError(split.message, split.operator);
      const [file, ...args] = split.argv as [string, ...string[]];
      return { ...common, shell: "none", file, args, delivery: "direct", crossSpawn: true };
    }
  }
}

function environmentPlan(
  resolution: ShellResolution,
  command: string,
  common: Pick<SpawnPlan, "cwd" | "detached" | "windowsHide" | "crossSpawn">,
): SpawnPlan {
  return {
    ...common,
    shell: resolution.kind,
    file: shellExecutable(resolution),
    // `--noprofile --norc` are bash options; a POSIX sh reads no startup files for `-c` anyway.
    args:
      resolution.kind === "sh" ? ["-c", COMMAND_WRAPPER] : ["--noprofile", "--norc", "-c", COMMAND_WRAPPER],
    env: { [COMMAND_VARIABLE]: wrapCommandText(command, resolution.kind === "sh") },
    delivery: "environment",
  };
}

/**
 * Joins an existing `WSLENV` with the plan's, so the caller's forwarded variables keep crossing.
 * Used when the plan's variables are merged into the final environment.
 */
export function mergePlanEnvironment(
  environment: Readonly<Record<string, string>>,
  plan: Pick<SpawnPlan, "env">,
  marker?: RunMarker,
): Record<string, string> {
  // One copy per spawn: the command's environment, the plan's variables, then the run marker.
  const merged = { ...environment, ...plan.env };
  if (marker) merged[marker.name] = marker.value;
  const existing = environment.WSLENV;
  if (plan.env?.WSLENV && existing) {
    const names = existing.split(":").filter((name) => name.length > 0 && name !== plan.env?.WSLENV);
    merged.WSLENV = [...names, plan.env.WSLENV].join(":");
  }
  return merged;
}
