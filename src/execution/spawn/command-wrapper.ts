/** The variable that carries the command text for `environment` delivery. */
export const COMMAND_VARIABLE = "SHELLGATE_COMMAND";

/**
 * The fixed `-c` script for `environment` delivery. MSYS and Cygwin re-parse a native parent's command
 * line (`'` quotes, `?*[` glob), so the argument must hold nothing they treat specially: no quotes,
 * backslashes or glob characters. With IFS empty and globbing off, the unquoted expansion reaches
 * `eval` as one untouched word; the prelude inside the variable restores both before the command
 * itself is parsed, and removes the variable so the command does not see it.
 */
export const COMMAND_WRAPPER = `IFS=;set -f;eval $${COMMAND_VARIABLE}`;

/**
 * The `-c` script for WSL: the same wrapper, run in a session and process group of its own
 * (`setsid -w` keeps the exit status) when the distribution has util-linux's setsid. Killing
 * wsl.exe leaves the Linux side running (microsoft/WSL#2496), so shellgate ends the tree from the
 * Linux side, by that group (see `wsl-tree-kill.ts`). WSL does not re-parse argv, so the quotes
 * are safe here.
 */
export const WSL_COMMAND_WRAPPER = `if setsid -w true >/dev/null 2>&1; then exec setsid -w bash -c '${COMMAND_WRAPPER}'; fi; ${COMMAND_WRAPPER}`;

/**
 * What the variable holds: the prelude, then the command text byte for byte. Bash gets its default
 * IFS back exactly; a POSIX sh (no `$'…'`) gets IFS unset, which splits the same way.
 */
export function wrapCommandText(command: string, posixShell = false): string {
  const restoreIfs = posixShell ? "unset IFS" : "IFS=$' \\t\\n'";
  return `set +f;${restoreIfs};unset ${COMMAND_VARIABLE};${command}`;
}
