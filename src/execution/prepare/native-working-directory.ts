import path from "node:path";
import { currentDirectory, type ShellResolution, shellWorkdirToNative } from "../../../platforms/index.js";

/** A variable of `env` by name, case-insensitively as Windows reads its environment. */
function windowsVariable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

export interface WorkingDirectoryInput {
  readonly resolution: ShellResolution;
  /** The instance's directory; default `process.cwd()`. */
  readonly cwd?: string | undefined;
  /** This call's `workdir`, native or in the shell's spelling. */
  readonly workdir?: string | undefined;
  /** Where `TEMP` is read from for a Git Bash `/tmp`. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv | undefined;
}

/**
 * The native working directory for one call, from `workdir` (native or shell spelling) and the base.
 * A shell spelling lands where that shell would be: Git Bash's `/tmp` is `%TEMP%`, `~` its `$HOME`,
 * `/usr/…` under its install root.
 */
export function nativeWorkingDirectory(options: WorkingDirectoryInput): string {
  const { resolution } = options;
  const windows = resolution.platform === "win32";
  const resolver = windows ? path.win32 : path.posix;
  const base = options.cwd ?? currentDirectory();
  if (!options.workdir) return base;
  if (!windows) return resolver.resolve(base, options.workdir);
  const env = options.env ?? process.env;
  const tempDirectory = windowsVariable(env, "TEMP") ?? windowsVariable(env, "TMP");
  const workdir = shellWorkdirToNative(options.workdir, resolution.kind, {
    ...(resolution.root === undefined ? {} : { root: resolution.root }),
    ...(resolution.home === undefined ? {} : { home: resolution.home }),
    ...(resolution.flavor === undefined ? {} : { flavor: resolution.flavor }),
    ...(resolution.distro === undefined ? {} : { distro: resolution.distro }),
    ...(tempDirectory === undefined ? {} : { tempDirectory }),
  });
  return resolver.resolve(base, workdir);
}
