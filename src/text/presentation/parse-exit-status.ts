export interface ExitStatus {
  readonly exitCode: number | null;
  readonly signal: string | null;
}

// End-anchored and after a newline: output that merely ends with "[exit code: 5]" on its own
// first line is not a marker. A clean run whose last line is exactly marker text still fools it;
// this is display only.
const EXIT_MARKER = /\n\[exit code: (-?\d+)\]$/;
const SIGNAL_MARKER = /\n\[killed by signal: ([A-Z0-9]+)\]$/;

// The execution layer may add a note about left-over background processes after the exit marker.
const BACKGROUND_NOTE = /\n\[background processes [^\n]*\]$/;

/** Reads the exit status back out of the model text's final marker line; no marker means exit 0. */
export function parseExitStatus(output: string): ExitStatus {
  const text = output.replace(BACKGROUND_NOTE, "");
  const signal = SIGNAL_MARKER.exec(text);
  if (signal) return { exitCode: null, signal: signal[1] ?? null };
  const exit = EXIT_MARKER.exec(text);
  if (exit) return { exitCode: Number(exit[1]), signal: null };
  return { exitCode: 0, signal: null };
}
