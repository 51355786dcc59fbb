/** Characters cmd.exe gives meaning to when it re-reads a batch file's `%*` or `%1`. */
const BATCH_METACHARACTERS = /["&|<>^%!\r\n\0]/;

/** Whether `file` is run through cmd.exe by Windows (a `.bat` or `.cmd` batch file). */
export function isBatchFile(file: string): boolean {
  return /\.(bat|cmd)$/i.test(file);
}

function shown(argument: string): string {
  return JSON.stringify(argument.length > 60 ? `${argument.slice(0, 57)}...` : argument);
}

/**
 * Why these arguments may not go to a batch file, or null when they may. cross-spawn escapes for
 * one cmd.exe parse, but a shim that passes `%*` on (npm's, yarn's, pnpm's) has cmd.exe parse the
 * arguments again, so `"&del …` runs a command the safety gate never saw
 * (moxystudio/node-cross-spawn#171). Pure.
 */
export function batchArgumentRefusal(program: string, file: string, args: readonly string[]): string | null {
  if (!isBatchFile(file)) return null;
  const offending = args.find((argument) => BATCH_METACHARACTERS.test(argument));
  if (offending === undefined) return null;
  const character = BATCH_METACHARACTERS.exec(offending)?.[0] ?? "";
  const named =
    character === "\r" || character === "\n"
      ? "a line break"
      : character === "\0"
        ? "a NUL"
        : `'${character}'`;
  return `Refused: ${program} is the batch file ${file}, and cmd.exe would read the argument ${shown(offending)} (it holds ${named}) as code, not as text. Without bash, arguments to .cmd/.bat programs must not contain " & | < > ^ % ! or line breaks; run the program the shim wraps directly (for example node path/to/cli.js …), or install Git for Windows to get bash.`;
}
