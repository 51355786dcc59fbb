import { decodeTextFile } from "../../../platforms/index.js";

/**
 * The command `run -` read from stdin, as bash should see it. PowerShell and Notepad hand over a
 * UTF-8 byte-order mark (or UTF-16) and CRLF line ends: left alone, the mark becomes an invisible
 * command name and every line keeps a `\r` that bash passes on as part of the last word. One final
 * line end goes too, as `$(...)` drops it.
 */
export function commandFromStdin(bytes: Uint8Array): string {
  return decodeTextFile(bytes)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n/g, "\n")
    .replace(/\n$/, "");
}
