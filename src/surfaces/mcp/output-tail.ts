import { StringDecoder } from "node:string_decoder";
import { escapeOutput } from "../../text/results/escape-output.js";

/**
 * The latest lines of a command's output, for a live view: at most `maxLines` lines and
 * `maxChars` characters, stdout and stderr interleaved as they arrived. UTF-8 split across
 * chunks is decoded per stream, so a character is never cut in two.
 */
export class OutputTail {
  private text = "";
  private readonly decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };

  constructor(
    private readonly maxLines = 10,
    private readonly maxChars = 2000,
  ) {}

  push(stream: "stdout" | "stderr", chunk: Buffer): void {
    this.text += this.decoders[stream].write(chunk);
    const lines = this.text.split("\n");
    // One line more than shown is kept: the last one may still be growing.
    if (lines.length > this.maxLines + 1) this.text = lines.slice(-(this.maxLines + 1)).join("\n");
    if (this.text.length > this.maxChars * 2) this.text = this.text.slice(-this.maxChars * 2);
  }

  /**
   * What the view shows now: the last lines, without a trailing newline, escaped as the result's
   * text is (a client may print progress messages on the user's terminal, control sequences and all).
   */
  lines(): string {
    const shown = this.text.replace(/\n$/, "").split("\n").slice(-this.maxLines).join("\n");
    return escapeOutput(shown.length > this.maxChars ? shown.slice(-this.maxChars) : shown);
  }
}
