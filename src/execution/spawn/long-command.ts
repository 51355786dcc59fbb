import type { ShellKind } from "../../../platforms/index.js";

/**
 * How a long command reaches the shell. The OS caps what travels inline: Linux refuses one argument
 * of 131,072 bytes or more (`spawn E2BIG` on `bash -c`), and Windows caps an environment value at
 * 32,767 characters (the Git Bash, Cygwin and WSL plans carry the text in one). Above the inline
 * limit the text goes to a private script file that the shell sources (`. 'file'`), which every
 * shell kind with a shell can read; the fallback without a shell has no such way. Pure.
 */

/** The longest command accepted at all, in UTF-8 bytes (the tool's documented input limit). */
export const MAX_COMMAND_BYTES = 1024 * 1024;

/** Inline as `bash -c <text>` up to this many bytes; well under Linux's 128 KiB argument cap. */
export const ARGV_INLINE_MAX_BYTES = 64 * 1024;

/** Inline in `SHELLGATE_COMMAND` up to this many characters; Windows allows 32,767 per value. */
export const ENVIRONMENT_INLINE_MAX_CHARS = 8 * 1024;

/** Without a shell the text is split into one program's argv; Windows caps a command line at 32,767. */
export const DIRECT_MAX_CHARS = 30_000;

export type LongCommandDecision =
  | { readonly delivery: "inline" }
  | { readonly delivery: "script-file" }
  | { readonly delivery: "refused"; readonly message: string };

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Whether `command` can be delivered on this shell kind, and how. */
export function decideLongCommand(
  kind: ShellKind,
  platform: NodeJS.Platform,
  command: string,
): LongCommandDecision {
  const bytes = utf8Bytes(command);
  if (bytes > MAX_COMMAND_BYTES) {
    return {
      delivery: "refused",
      message: `The command is ${bytes} bytes, over the ${MAX_COMMAND_BYTES}-byte limit; write long content in several smaller commands (cat >> file <<'EOF' … EOF), or generate it with a program.`,
    };
  }
  if (kind === "none") {
    if (command.length <= DIRECT_MAX_CHARS) return { delivery: "inline" };
    return {
      delivery: "refused",
      message: `The command is ${command.length} characters; without bash it runs as one program's arguments, which the OS limits to about ${DIRECT_MAX_CHARS}, and there is no shell to read a script file; shorten it or install bash.`,
    };
  }
  const argv = (kind === "bash" || kind === "sh") && platform !== "win32";
  const inline = argv ? bytes <= ARGV_INLINE_MAX_BYTES : command.length <= ENVIRONMENT_INLINE_MAX_CHARS;
  return { delivery: inline ? "inline" : "script-file" };
}

/** `'text'` for a POSIX shell: safe for any path, apostrophes included. */
export function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The short command that replaces a long one: source the script file by its shell-side path. */
export function sourceScriptCommand(shellPath: string): string {
  return `. ${singleQuote(shellPath)}`;
}

/**
 * The file's content: it removes itself first (a sourced file is read before it runs, and an open
 * file may be unlinked), so nothing is left even when shellgate cannot clean up — a detached
 * `--background` run or a `kill -9`; then the command, byte for byte.
 */
export function scriptFileContent(command: string, shellPath: string): string {
  return `command rm -f -- ${singleQuote(shellPath)} 2>/dev/null\n${command}\n`;
}
