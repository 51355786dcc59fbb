import { singleQuote } from "../spawn/long-command.js";
import { RECORD_SEPARATOR } from "./control-lines.js";

/** What the wrapper needs besides the command, which travels as its first argument. */
export interface RunWrapperInput {
  /** The run's control-line token (see `control-lines.ts`): letters and digits only. */
  readonly token: string;
  /** The working directory in the target; absent: where the engine starts commands. */
  readonly cwd?: string;
  /** Variables of the target's own environment the command must not see (scrubbed, denied). */
  readonly unset: readonly string[];
  /** Variables set for the command (the defaults, the request's own, the run markers). */
  readonly exports: Readonly<Record<string, string>>;
}

/** The status the wrapper exits with when the working directory cannot be entered. */
export const CWD_FAILED_STATUS = 97;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether the shell can set or unset this name (a variable named `a-b` can be neither). */
export function isShellIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/**
 * The POSIX sh text (bash, busybox ash and dash run it alike) that runs the command, given as `$1`,
 * the way `sh -c "$1"` would, in this same shell: no second shell starts, so a remote run costs one
 * exec like a local spawn. Before the command it reports its pid (the run's process group: every
 * engine starts an exec as a session and group leader) and enters the working directory — a
 * failure is reported, nothing runs; the environment is the target's own, minus `unset`, plus
 * `exports`, because no engine passes variables everywhere (sshd drops unknown ones, the
 * Kubernetes API has no field). When the shell exits, by `exit` or by reaching the end, the EXIT
 * trap reports the status and any background jobs still known, so the host learns the end at
 * once, even while a background child keeps the output streams open. A command that replaces the
 * trap or `exec`s a program ends without that line; the engine's own exit status is used then.
 * Pure.
 */
export function runWrapperScript(input: RunWrapperInput): string {
  if (!/^[A-Za-z0-9]+$/.test(input.token)) throw new Error("the control token must be alphanumeric");
  const mark = `\\0${RECORD_SEPARATOR.charCodeAt(0).toString(8)}${input.token}`;
  // The directory first: the pid line then means "the command starts", which `launch` waits for.
  const steps: string[] = [];
  if (input.cwd !== undefined) {
    steps.push(
      `cd -- ${singleQuote(input.cwd)} 2>/dev/null||{ printf '${mark} cwd\\n' >&2;exit ${CWD_FAILED_STATUS};}`,
    );
  }
  steps.push(`printf '${mark} pid %s\\n' "$$" >&2`);
  const unset = input.unset.filter(isShellIdentifier);
  if (unset.length > 0) steps.push(`unset -v ${unset.join(" ")}`);
  const exports = Object.entries(input.exports).filter(([name]) => isShellIdentifier(name));
  if (exports.length > 0) {
    steps.push(`export ${exports.map(([name, value]) => singleQuote(`${name}=${value}`)).join(" ")}`);
  }
  // Default IFS first: the command may have changed it, and the job pids must split on newlines.
  // `${!:+…}`: only a shell that started a background job pays for the `jobs` subshell.
  steps.push(
    `trap '__sg=$?;unset IFS;set -- \${!:+$(jobs -p)};printf "${mark} end %s %s\\n" "$__sg" "$*" >&2' EXIT`,
  );
  // The command sees no positional parameters and no variable of ours, as under `sh -c`.
  steps.push(`__sg=$1;shift;eval "unset -v __sg;$__sg"`);
  return steps.join(";");
}
