import type { SpawnPlan } from "../spawn/spawn-plan.js";

/** What the library hands back for one command: the argv to spawn instead, and (Windows) its environment. */
export interface WrappedArgv {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>> | undefined;
}

/**
 * The spawn plan with its program replaced by the sandbox's wrapper. Pure. Everything else stays:
 * the cwd, the command's own variables, and `detached`, so the wrapper leads the process group
 * that termination signals (the sandbox's own namespaces end with it).
 */
export function applyWrappedArgv(plan: SpawnPlan, wrapped: WrappedArgv): SpawnPlan {
  const [file, ...args] = wrapped.argv;
  if (file === undefined) throw new Error("the sandbox returned an empty command line");
  return {
    ...plan,
    file,
    args,
    ...(wrapped.env || plan.env ? { env: { ...wrapped.env, ...plan.env } } : {}),
    crossSpawn: false,
  };
}

/** The policy's paths as the distribution sees them, sorted by what exists there (the probe's answer). */
export interface WslSandboxPaths {
  readonly allowWrite: readonly string[];
  /** `deny_read` entries that are directories inside the distribution. */
  readonly denyDirectories: readonly string[];
  /** `deny_read` entries that are files; an entry that does not exist needs no cover. */
  readonly denyFiles: readonly string[];
}

/**
 * The bubblewrap arguments that enclose a command inside a WSL distribution. Pure. The library runs
 * on the Windows side and cannot reach into the distribution, so this is shellgate's own minimal
 * profile: the root read-only, `allow_write` writable, a denied directory hidden under an empty
 * tmpfs and a denied file under `/dev/null`, no network, the tree ended with its parent.
 */
export function wslBubblewrapArguments(paths: WslSandboxPaths): string[] {
  const args = [
    "--die-with-parent",
    "--new-session",
    "--unshare-net",
    "--unshare-pid",
    "--ro-bind",
    "/",
    "/",
  ];
  args.push("--dev", "/dev", "--proc", "/proc");
  for (const entry of paths.allowWrite) args.push("--bind-try", entry, entry);
  for (const entry of paths.denyDirectories) args.push("--tmpfs", entry);
  for (const entry of paths.denyFiles) args.push("--ro-bind", "/dev/null", entry);
  return args;
}

/**
 * The WSL plan (`wsl.exe [-d D] --cd C --exec bash -c WRAPPER`) with bubblewrap put between
 * `--exec` and `bash`, so the command and its tree run enclosed inside the distribution. Pure.
 */
export function wrapWslPlan(plan: SpawnPlan, bubblewrapArguments: readonly string[]): SpawnPlan {
  const exec = plan.args.indexOf("--exec");
  if (plan.shell !== "wsl" || exec < 0) throw new Error("not a WSL spawn plan");
  return {
    ...plan,
    args: [
      ...plan.args.slice(0, exec + 1),
      "bwrap",
      ...bubblewrapArguments,
      "--",
      ...plan.args.slice(exec + 1),
    ],
  };
}
