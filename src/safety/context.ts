import type { ShellKind } from "../../platforms/index.js";

/**
 * Where a command will run, as far as the caller knows it. Every field is optional: what is left out
 * stays unknown to the gate, which then judges as if it could be anything (stricter, never laxer): an
 * unknown `cwd` is read as both `/` and the home, and the stricter verdict stands, so a relative
 * `rm -rf *` with no cwd is blocked as the root's.
 */
export interface SafetyContext {
  /** The working directory the command starts in, in the shell's spelling or the native one. */
  readonly cwd?: string;
  /** `$HOME` as the command will see it. */
  readonly home?: string;
  /** The environment the command will see: known values of `$HOME`, `$USERPROFILE`, `$OLDPWD`… */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The shell the command will run in (a platform ShellResolution fits). */
  readonly shell?: SafetyShell;
}

export interface SafetyShell {
  readonly kind: ShellKind;
  /** `$HOME` as that shell sees it. */
  readonly home?: string;
  /** Install root of Git Bash, MSYS2 or Cygwin (`C:\Program Files\Git`). */
  readonly root?: string;
  /** The WSL distribution (kind `wsl`). */
  readonly distro?: string;
  readonly platform?: NodeJS.Platform;
}

/** The shell part of a context, from a platform shell resolution (only the fields the gate reads). */
export function safetyShellOf(resolution: SafetyShell): SafetyShell {
  return {
    kind: resolution.kind,
    ...(resolution.platform === undefined ? {} : { platform: resolution.platform }),
    ...(resolution.home === undefined ? {} : { home: resolution.home }),
    ...(resolution.root === undefined ? {} : { root: resolution.root }),
    ...(resolution.distro === undefined ? {} : { distro: resolution.distro }),
  };
}

/** What an engine knows of where it starts a command: the directory, the environment, the shell. */
export interface StartPlace {
  /** The absolute working directory the command starts in. */
  readonly cwd: string;
  /** The environment the command starts from (before scrubbing: `$HOME` and the like are kept). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The shell that runs it (a platform ShellResolution fits); its `home` beats the environment's. */
  readonly shell?: SafetyShell;
}

/**
 * The context every door hands the gate for a start: the tools' admission, the engines
 * (`runCommand`, the executor, the process manager), `shellgate.check()` and the CLI build it here,
 * so the same command in the same place gets the same verdict whichever door it came through.
 */
export function safetyContextFor(place: StartPlace): SafetyContext {
  const { shell, env } = place;
  const home = shell?.home ?? env?.HOME;
  return {
    cwd: place.cwd,
    ...(home === undefined ? {} : { home }),
    ...(env ? { env } : {}),
    ...(shell ? { shell: safetyShellOf(shell) } : {}),
  };
}

/** An instance passes the same environment object with every call: its key is made once. */
const environmentKeys = new WeakMap<object, string>();

function environmentKey(env: Readonly<Record<string, string | undefined>>): string {
  let key = environmentKeys.get(env);
  if (key === undefined) {
    key = Object.keys(env)
      .sort()
      .map((name) => `${name}=${env[name] ?? ""}`)
      .join("\u0000");
    environmentKeys.set(env, key);
  }
  return key;
}

/**
 * The same context in a stable textual form: the verdict cache's key part for it. An environment
 * object is read once (treat it as immutable, or pass a new one when it changes).
 */
export function contextKey(context: SafetyContext | undefined): string {
  if (context === undefined) return "";
  const env = context.env ? environmentKey(context.env) : "";
  const shell = context.shell;
  return [
    context.cwd ?? "",
    context.home ?? "",
    shell
      ? `${shell.kind}|${shell.home ?? ""}|${shell.root ?? ""}|${shell.distro ?? ""}|${shell.platform ?? ""}`
      : "",
    env,
  ].join("\u0001");
}
