import { singleQuote } from "../spawn/long-command.js";
import { isShellIdentifier, runWrapperScript } from "./run-wrapper.js";
import type { TargetFacts, TargetShell } from "./target-facts.js";

export interface InvocationInput {
  readonly facts: Pick<TargetFacts, "envProgram">;
  readonly shell: TargetShell;
  /** Whether the engine sets variables itself (Docker's `Env`). */
  readonly engineSetsEnvironment: boolean;
  readonly command: string;
  readonly token: string;
  readonly cwd?: string;
  readonly unset: readonly string[];
  readonly set: Readonly<Record<string, string>>;
}

export interface Invocation {
  readonly argv: readonly string[];
  /** For an engine that sets variables itself; empty otherwise. */
  readonly env: Readonly<Record<string, string>>;
}

/** The shell's own arguments before `-c`: bash reads no start-up file, as local runs do. */
export function shellArguments(shell: TargetShell): string[] {
  return shell.kind === "bash" ? [shell.path, "--norc", "--noprofile"] : [shell.path];
}

/**
 * The argv that runs one command in the target: the wrapper in the target's shell, the command as
 * its first argument (no quoting involved: Docker and Kubernetes pass argv as is). The variables go
 * where the command's environment block gets them — the engine's own field, else `env NAME=VALUE`
 * in front — because the run marker is found in /proc/<pid>/environ, which a shell's `export`
 * reaches only through a real exec (busybox runs its applets without one). Only a target without
 * `env` gets them exported by the wrapper. Pure.
 */
export function remoteInvocation(input: InvocationInput): Invocation {
  const viaEngine = input.engineSetsEnvironment;
  // A name the shell cannot spell (`a-b`, `-x`) could pass for an option of env: only identifiers.
  const set = Object.fromEntries(
    Object.entries(input.set).filter(([variable]) => isShellIdentifier(variable)),
  );
  const viaEnvProgram = !viaEngine && input.facts.envProgram !== undefined && Object.keys(set).length > 0;
  const script = runWrapperScript({
    token: input.token,
    ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
    unset: input.unset,
    exports: viaEngine || viaEnvProgram ? {} : set,
  });
  const name = input.shell.kind === "bash" ? "bash" : "sh";
  const shell = [...shellArguments(input.shell), "-c", script, name, input.command];
  if (viaEngine) return { argv: shell, env: set };
  if (viaEnvProgram) {
    const pairs = Object.entries(set).map(([variable, value]) => `${variable}=${value}`);
    return { argv: [input.facts.envProgram as string, ...pairs, ...shell], env: {} };
  }
  return { argv: shell, env: {} };
}

/** Login shells that read `NAME='value' exec program` as POSIX sh does: the variables reach the program. */
const POSIX_LOGIN_SHELLS = new Set([
  "sh",
  "bash",
  "dash",
  "ash",
  "busybox",
  "ksh",
  "mksh",
  "lksh",
  "zsh",
  "yash",
  "posh",
]);

/** Whether a login shell (its path, from the probe) takes variable assignments in front of `exec`. */
export function isPosixLoginShell(loginShell: string | undefined): boolean {
  const name = loginShell?.split("/").pop();
  return name !== undefined && POSIX_LOGIN_SHELLS.has(name);
}

/**
 * argv as one command line for an SSH login shell, which runs it as `$SHELL -c LINE`: every word
 * single-quoted (sh, bash, dash, zsh, ksh and fish all read that alike) and `exec`, so the login
 * shell is replaced and the program is the session's leader. `env` goes in front as assignments
 * (`NAME='value' exec …`), which a POSIX login shell exports to the program it execs — the
 * variables are then in the program's own environment block, as Docker's `Env` puts them, without
 * an `env` program started on the way; only for a login shell `isPosixLoginShell` accepts. Pure.
 */
export function loginShellCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string>> = {},
): string {
  const assignments = Object.entries(env)
    .filter(([name]) => isShellIdentifier(name))
    .map(([name, value]) => `${name}=${singleQuote(value)} `)
    .join("");
  return `${assignments}exec ${argv.map(singleQuote).join(" ")}`;
}
