export interface ExitStatus {
  readonly exitCode: number | null;
  readonly signal: string | null;
}

// End-anchored and after a newline (the text always has output or "(no output)" before its
// markers). Output that prints marker text reaches the text escaped (`\[exit code: 5]`,
// escape-output.ts), so only shellgate's own marker matches; this is display only anyway.
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
