/** What `stty -a` says about a terminal's input mode. */
export interface TerminalMode {
  readonly canonical: boolean | null;
  /** The VEOF character, e.g. "\x04" for ^D; null when unknown. */
  readonly eofCharacter: string | null;
}

export type TerminalEofPlan = { readonly send: string } | { readonly refuse: string };

export const TERMINAL_EOF_REFUSED =
  "Terminal EOF requires canonical input mode, but this terminal is in raw mode (the program reads keys one by one), so it cannot be half-closed like a pipe. Stop the command with terminate, or send the program's own exit input (for example q or exit).";

/**
 * Canonical EOF is the VEOF character sent twice: the first ends a partial line, the second is
 * then seen as end of input. A raw-mode terminal has no EOF at all, so it is refused explicitly.
 * Windows (ConPTY) has no termios to ask; the POSIX ^D is sent, which bash-family shells honour.
 */
export function planTerminalEof(platform: NodeJS.Platform, mode: TerminalMode | null): TerminalEofPlan {
  if (platform === "win32" || mode === null || mode.canonical === null) return { send: "\x04\x04" };
  if (!mode.canonical) return { refuse: TERMINAL_EOF_REFUSED };
  const eof = mode.eofCharacter ?? "\x04";
  return { send: eof + eof };
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
