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
 * What the variable holds: the prelude, then the command text byte for byte. Bash gets its default
 * IFS back exactly; a POSIX sh (no `$'…'`) gets IFS unset, which splits the same way.
 */
export function wrapCommandText(command: string, posixShell = false): string {
  const restoreIfs = posixShell ? "unset IFS" : "IFS=$' \\t\\n'";
  return `set +f;${restoreIfs};unset ${COMMAND_VARIABLE};${command}`;
}
