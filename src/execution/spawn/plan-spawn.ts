import { win32 } from "node:path";
import type { ShellResolution } from "../../../platforms/index.js";
import { RUN_MARKER_VARIABLE, type RunMarker } from "../environment/run-marker.js";
import { splitSimpleCommand } from "../fallback/split-simple-command.js";
import {
  COMMAND_VARIABLE,
  COMMAND_WRAPPER,
  WSL_COMMAND_WRAPPER,
  wrapCommandText,
} from "./command-wrapper.js";
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
          // A `bash -c` whose stdin is a socket (Node's pipes are socketpairs) and whose SHLVL is
          // unset, as under an MCP client's minimal environment, reads ~/.bashrc as if started by
          // sshd; --norc keeps every run free of start-up files, as the Windows plans already are.
          args: resolution.kind === "bash" ? ["--norc", "-c", command] : ["-c", command],
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
          WSL_COMMAND_WRAPPER,
        ],
        // The run marker crosses too: it is how the Linux side of the tree is found and ended.
        env: {
          [COMMAND_VARIABLE]: wrapCommandText(command),
          WSLENV: `${COMMAND_VARIABLE}:${RUN_MARKER_VARIABLE}`,
        },
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
  const file = shellExecutable(resolution);
  const sh = resolution.kind === "sh";
  // busybox picks its applet from the first argument when it is not called by an applet's name.
  const applet = sh && /^busybox(\.exe)?$/i.test(win32.basename(file)) ? ["sh"] : [];
  const runtime = runtimeEnvironment(resolution, file);
  return {
    ...common,
    shell: resolution.kind,
    file,
    // `--noprofile --norc` are bash options; a POSIX sh reads no startup files for `-c` anyway.
    args: sh ? [...applet, "-c", COMMAND_WRAPPER] : ["--noprofile", "--norc", "-c", COMMAND_WRAPPER],
    env: { [COMMAND_VARIABLE]: wrapCommandText(command, sh) },
    ...runtime,
    delivery: "environment",
  };
}

/**
 * What a login shell would have set up for a raw MSYS2 or Cygwin bash: its runtime's `bin` first
 * on PATH and MSYSTEM. Git's `bin\bash.exe` redirector does this itself; a raw `usr\bin\bash.exe`
 * or Cygwin's `bin\bash.exe` run with `--noprofile` would see only the Windows PATH.
 */
function runtimeEnvironment(
  resolution: ShellResolution,
  file: string,
): Pick<SpawnPlan, "pathPrepend" | "envDefaults"> {
  if (resolution.platform !== "win32") return {};
  const directory = win32.dirname(file);
  const root = resolution.root;
  if (resolution.kind === "cygwin") return { pathPrepend: root ? win32.join(root, "bin") : directory };
  if (resolution.kind !== "gitbash") return {};
  const raw = win32.basename(win32.dirname(directory)).toLowerCase() === "usr";
  if (resolution.flavor === "msys2") {
    return {
      pathPrepend: root ? win32.join(root, "usr", "bin") : directory,
      envDefaults: { MSYSTEM: "MSYS" },
    };
  }
  if (!raw) return {}; // Git's redirector
  const usrBin = root ? win32.join(root, "usr", "bin") : directory;
  const mingw = root ? [win32.join(root, "mingw64", "bin")] : [];
  return { pathPrepend: [...mingw, usrBin].join(";"), envDefaults: { MSYSTEM: "MINGW64" } };
}

/**
 * Joins an existing `WSLENV` with the plan's, so the caller's forwarded variables keep crossing.
 * Used when the plan's variables are merged into the final environment.
 */
export function mergePlanEnvironment(
  environment: Readonly<Record<string, string>>,
  plan: Pick<SpawnPlan, "env" | "pathPrepend" | "envDefaults">,
  marker?: RunMarker,
): Record<string, string> {
  // One copy per spawn: the command's environment, the plan's variables, then the run marker.
  const merged = { ...environment, ...plan.env };
  // Windows names are case-insensitive (`Path` is PATH): find the key the environment uses.
  const keyOf = (name: string) => Object.keys(merged).find((key) => key.toUpperCase() === name);
  for (const [name, value] of Object.entries(plan.envDefaults ?? {})) {
    if (keyOf(name.toUpperCase()) === undefined) merged[name] = value;
  }
  if (plan.pathPrepend) {
    const pathKey = keyOf("PATH") ?? "PATH";
    merged[pathKey] = merged[pathKey] ? `${plan.pathPrepend};${merged[pathKey]}` : plan.pathPrepend;
  }
  if (marker) merged[marker.name] = marker.value;
  const existing = environment.WSLENV;
  if (plan.env?.WSLENV && existing) {
    const own = plan.env.WSLENV.split(":");
    const names = existing
      .split(":")
      .filter((name) => name.length > 0 && !own.includes(name.split("/")[0] ?? name));
    merged.WSLENV = [...names, ...own].join(":");
  }
  return merged;
}
