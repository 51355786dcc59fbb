// A command's output is shown to the model beside shellgate's own lines ([exit code: N], [stderr],
// [sandbox denied: …], a truncation line, a task's status). Output that could pass for one of them
// would let a command tell the model it succeeded, was not sandboxed, or finished: so output lines
// that read as a marker are shown escaped, and terminal control sequences, which can hide or
// rewrite text on a screen and reach the model as raw bytes, are removed or made visible. The
// escaping is applied to a command's text before shellgate adds anything, so every line that still
// reads as a marker is shellgate's. Pure.

/**
 * How each line shellgate writes around output begins. Kept beside the escaping so both change
 * together; a test renders every marker through the real renderers and checks each is caught.
 */
const MARKER_SHAPES = [
  String.raw`\[(?:stderr|stdout)\]`,
  String.raw`\[exit code`,
  String.raw`\[timed out`,
  String.raw`\[killed by signal`,
  String.raw`\[(?:\.\.\.\s*)?output truncated`,
  String.raw`\[binary output withheld`,
  String.raw`\[background processes`,
  String.raw`\[processes still running`,
  String.raw`\[not seen to die`,
  String.raw`\[sandbox`,
  String.raw`\[status:`,
  String.raw`\[some output was dropped`,
  String.raw`\[older output was dropped`,
  String.raw`\[next_cursor`,
  String.raw`\[process\s+\S+:`,
  String.raw`\[wrote \d+ bytes`,
  String.raw`\[command aborted`,
  String.raw`\(no (?:new )?output\)`,
  String.raw`\(no managed processes\)`,
  // The first lines of task and process answers, and the notice a host injects when a task ends.
  "background bash task",
  "(?:started|killed|stopped) background task",
  String.raw`task \S+ had already finished`,
  String.raw`started process\s+[0-9a-f]{16}`,
  "started in the background:",
  String.raw`task \S+ belongs to another session`,
  // A refusal is an error result, never output: output saying so would stop the model for nothing.
  "Command blocked by the safety gate",
  "Command not run:",
  "Not run:",
  "This shellgate instance is closed",
];

/**
 * A line start (JavaScript's `m` flag counts CR, LF, U+2028 and U+2029), then what a reader does
 * not see as text (blanks, zero-width and other format characters), then any backslashes already
 * there (so an output line that was `\[exit code: 0]` gains one too and stays distinguishable),
 * then a marker's opening.
 */
const MARKER_LINE = new RegExp(String.raw`^([\p{Zs}\t\p{Cf}]*)(?=\\*(?:${MARKER_SHAPES.join("|")}))`, "gimu");

// ESC sequences, as ECMA-48 shapes them: CSI (ESC [ … final), the string controls OSC, DCS, SOS,
// PM and APC (up to BEL or ESC \), and the two-byte escapes (ESC, intermediates, final).
const CSI = String.raw`\u001b\[[0-?]*[ -/]*[@-~]`;
const STRING_CONTROL = String.raw`\u001b[\]PX^_][^\u0007\u001b]*(?:\u0007|\u001b\\)`;
const SHORT_ESCAPE = String.raw`\u001b[ -/]*[0-~]`;
const TERMINAL_SEQUENCE = new RegExp(`${CSI}|${STRING_CONTROL}|${SHORT_ESCAPE}`, "g");

/** C0 controls other than tab, LF and CR, DEL, and the C1 controls (U+0080–U+009F). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const NEEDS_CONTROL_PASS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function visible(character: string): string {
  return `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`;
}

/**
 * Removes terminal control sequences (colours, cursor moves, titles, hyperlinks' framing) and
 * shows every other control character as `\xNN` (NUL is `\x00`). Tab, LF and CR stay.
 */
export function neutralizeControls(text: string): string {
  if (!NEEDS_CONTROL_PASS.test(text)) return text;
  return text.replace(TERMINAL_SEQUENCE, "").replace(CONTROL_CHARACTER, visible);
}

/** Puts a backslash before every output line that would read as one of shellgate's markers. */
export function escapeMarkerLines(text: string): string {
  MARKER_LINE.lastIndex = 0;
  return text.replace(MARKER_LINE, "$1\\");
}

/** A command's output as the model is shown it: controls neutralized, marker lines escaped. */
export function escapeOutput(text: string): string {
  if (text.length === 0) return text;
  return escapeMarkerLines(neutralizeControls(text));
}
