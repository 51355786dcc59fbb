/** What `stty -a` says about a terminal's input mode. */
export interface TerminalMode {
  readonly canonical: boolean | null;
  /** The VEOF character, e.g. "\x04" for ^D; null when unknown. */
  readonly eofCharacter: string | null;
}

export type TerminalEofPlan = { readonly send: string } | { readonly refuse: string };

export const TERMINAL_EOF_REFUSED =
  "Terminal EOF requires canonical input mode, but this terminal is in raw mode (the program reads keys one by one), so it cannot be half-closed like a pipe. Stop the command with terminate, or send the program's own exit input (for example q or exit).";

/** Characters after which a canonical terminal's line is empty: a line end, VINTR or VKILL. */
const LINE_CLEARED = new Set(["\n", "\r", "\x03", "\x15"]);

/**
 * Whether the terminal's current line holds text typed since its last line end, given the last
 * character written to it (undefined: nothing was written). A canonical terminal keeps that text
 * until a line end or VEOF, so the last character tells.
 */
export function terminalLineOpen(lastInput: string | undefined, eofCharacter = "\x04"): boolean {
  return lastInput !== undefined && lastInput !== eofCharacter && !LINE_CLEARED.has(lastInput);
}

/**
 * Canonical EOF is the VEOF character: at the start of a line the reader sees end of input; after
 * a partial line it only hands that text over, so a second VEOF follows then — and only then, since
 * a spare one would be end of input for whatever reads the terminal next. A terminal whose mode
 * cannot be told (stty failed here or in a remote target) gets the POSIX ^D the same way.
 * A raw-mode terminal has no EOF at all, so it is refused explicitly. Windows (ConPTY) has no
 * termios to ask and no line to track: ^D twice, which bash-family shells honour.
 */
export function planTerminalEof(
  platform: NodeJS.Platform,
  mode: TerminalMode | null,
  lastInput?: string,
): TerminalEofPlan {
  if (platform === "win32") return { send: "\x04\x04" };
  if (mode?.canonical === false) return { refuse: TERMINAL_EOF_REFUSED };
  const eof = (mode?.canonical && mode.eofCharacter) || "\x04";
  return { send: terminalLineOpen(lastInput, eof) ? eof + eof : eof };
}

/** Parses `stty -a` output (GNU and BSD spellings). */
export function parseSttyMode(output: string): TerminalMode {
  const canonical = /(^|\s)-icanon(\s|$)/.test(output)
    ? false
    : /(^|\s)icanon(\s|$)/.test(output)
      ? true
      : null;
  const eofMatch = /(?:^|[\s;])eof\s*=\s*([^;\s]+)/.exec(output);
  return { canonical, eofCharacter: eofMatch ? controlCharacter(eofMatch[1]!) : null };
}

function controlCharacter(spelling: string): string | null {
  if (spelling === "<undef>" || spelling === "undef") return null;
  const caret = /^\^(.)$/.exec(spelling);
  if (caret) {
    const letter = caret[1]!;
    return letter === "?" ? "\x7f" : String.fromCharCode(letter.toUpperCase().charCodeAt(0) & 0x1f);
  }
  return spelling.length === 1 ? spelling : null;
}
