import { type ExpandedWord, HOME_PATH, literalWord } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";

/**
 * Commands that a tool reads from configuration the same command wrote earlier, or from a URL:
 * an ssh config's ProxyCommand/LocalCommand/KnownHostsCommand and `Match exec`, a Makefile's recipes
 * and `$(shell …)`, git's `ext::` transport. Text that was not written by the command is the
 * project's or the user's own and is not judged here.
 */
type FileText = (word: ExpandedWord) => string | undefined;

function read(path: string, fileText: FileText): string | undefined {
  return fileText(literalWord(path, [0, 0]));
}

function valuesOf(args: readonly ExpandedWord[], option: string): string[] {
  return wordsOf(args, option).map((word) => word.value);
}

const SSH_COMMAND = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[=\s]\s*(.+)$/i;
const MATCH_EXEC = /\bexec\s+(?:"([^"]*)"|(\S+))/i;

/** `ssh -F FILE` or the default ~/.ssh/config, when this command wrote it. */
export function sshConfigCommands(args: readonly ExpandedWord[], scope: Scope, fileText: FileText): Nested[] {
  const home = scope.variables.get("HOME") ?? HOME_PATH;
  const files = valuesOf(args, "-F");
  if (files.length === 0) files.push(`${home}/.ssh/config`);
  const nested: Nested[] = [];
  for (const file of files) {
    const text = read(file, fileText);
    if (text === undefined) continue;
    for (const line of text.split("\n")) {
      const command = SSH_COMMAND.exec(line);
      if (command && command[2]!.trim().toLowerCase() !== "none")
        nested.push({
          kind: "script",
          text: command[2]!.replace(/%[a-zA-Z%]/g, "x"),
          origin: `ssh config ${file}`,
        });
      const match = /^\s*Match\b/i.test(line) ? MATCH_EXEC.exec(line) : null;
      if (match)
        nested.push({ kind: "script", text: match[1] ?? match[2]!, origin: `ssh config ${file} Match exec` });
    }
  }
  return nested;
}

/** The makefiles make reads (-f, or GNUmakefile/makefile/Makefile in -C DIR or the cwd) that this command wrote. */
export function makefileTexts(args: readonly ExpandedWord[], fileText: FileText): string[] {
  const named = [...wordsOf(args, "-f"), ...wordsOf(args, "--file"), ...wordsOf(args, "--makefile")];
  const directory = valuesOf(args, "-C").at(-1);
  const prefix = directory === undefined ? "" : `${directory.replace(/\/$/, "")}/`;
  const files =
    named.length > 0
      ? named
      : ["GNUmakefile", "makefile", "Makefile"].map((name) => literalWord(prefix + name, [0, 0]));
  return files.map((file) => fileText(file)).filter((text): text is string => text !== undefined);
}

/** Like `valuesOf`, but a separate argument stays the word it was, so `-f <(…)` keeps its text. */
function wordsOf(args: readonly ExpandedWord[], option: string): ExpandedWord[] {
  const found: ExpandedWord[] = [];
  args.forEach((word, index) => {
    const next = args[index + 1];
    if (word.value === option && next) found.push(next);
    else if (
      word.value.startsWith(option) &&
      word.value.length > option.length &&
      !word.value.startsWith("--")
    )
      found.push(literalWord(word.value.slice(option.length), word.span));
  });
  return found;
}

/** `ext::CMD ARG…` runs CMD (`% ` is a space inside an argument, `%%` a percent sign). */
export function gitTransportCommands(args: readonly ExpandedWord[]): Nested[] {
  return args
    .filter((word) => word.value.startsWith("ext::"))
    .map((word) => ({
      kind: "script" as const,
      text: word.value
        .slice(5)
        .split(/(?<!%) /)
        .map((part) => `'${part.replace(/%(.)/g, "$1").replaceAll("'", "'\\''")}'`)
        .join(" "),
      origin: "git ext:: URL",
    }));
}
