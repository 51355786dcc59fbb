import { hasUnknown } from "../extract/expanded-word.js";
import { type Invocation, readInputLines } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";

/**
 * Jobs handed to a scheduler run later with the user's rights, so they are judged now: each line of
 * a crontab (from `crontab -`, stdin or a file this command wrote), the job of `at`/`batch` (stdin or
 * `-f FILE`). Lines the command does not know (`crontab -l` output it re-installs) are the user's own.
 */
function fileText(path: string, scope: Scope): string | undefined {
  const resolved = virtualPath(path, scope);
  return resolved === undefined ? undefined : scope.files.get(resolved);
}

/** The command of one crontab line: after five time fields or an `@reboot`-style keyword. */
export function crontabCommand(line: string): string | undefined {
  const trimmed = line.trim();
  if (trimmed === "" || trimmed.startsWith("#") || /^[A-Za-z_]\w*\s*=/.test(trimmed)) return undefined;
  const command = trimmed.startsWith("@")
    ? trimmed.replace(/^@\S+\s+/, "")
    : trimmed.split(/\s+/).slice(5).join(" ");
  // An unescaped % ends the command; what follows is its stdin.
  return command.split(/(?<!\\)%/)[0]!.replaceAll("\\%", "%");
}

export function scheduledScripts(name: string, invocation: Invocation, scope: Scope): Nested[] {
  const args = invocation.words.slice(1).map((word) => word.value);
  if (name === "crontab") {
    if (args.some((arg) => /^-[a-zA-Z]*[lre]$/.test(arg))) return [];
    const operands = args.filter((arg, index) => !arg.startsWith("-") && args[index - 1] !== "-u");
    const file = operands[0];
    const text =
      file === undefined || file === "-" ? readInputLines(invocation.stdin) : fileText(file, scope);
    if (text === undefined) return [];
    return text
      .split("\n")
      .filter((line) => !hasUnknown(line))
      .map(crontabCommand)
      .filter((command): command is string => command !== undefined && command !== "")
      .map((command) => ({ kind: "script", text: command, origin: "a crontab line" }));
  }
  if (name === "at" || name === "batch") {
    if (args.some((arg) => /^-[a-zA-Z]*[lrdc]$/.test(arg))) return [];
    const fileIndex = args.indexOf("-f");
    if (fileIndex === -1) return [];
    const file = args[fileIndex + 1];
    const text = file === undefined ? undefined : fileText(file, scope);
    return [{ kind: "script", text, origin: `${name} -f` }];
  }
  return [];
}
