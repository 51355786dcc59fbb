/**
 * Whether a command text can reach a shell at all: an empty one has nothing to run. The OS passes arguments, environment values and
 * paths as C strings, so a NUL byte would end them early (Node refuses with a raw `TypeError`);
 * bash never sees one in its script either. Pure: the text in, a refusal sentence or null out.
 */
export function commandTextProblem(command: string): string | null {
  if (command.trim().length === 0) {
    return "The command is empty (or only whitespace); give the command to run.";
  }
  if (!command.includes("\0")) return null;
  return "The command contains a NUL byte (\\0), which bash cannot receive in a command; remove it, and to produce the byte write it inside the command instead (printf '\\0').";
}

/** The same question for a working directory or an environment variable given with the call. */
export function nulByteProblem(what: string, text: string): string | null {
  if (!text.includes("\0")) return null;
  return `The ${what} contains a NUL byte (\\0), which the operating system cannot pass to a process; remove it.`;
}
