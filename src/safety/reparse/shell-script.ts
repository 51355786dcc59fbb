import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";
import { writtenScripts } from "./written-files.js";

export const SHELLS = new Set([
  "bash",
  "sh",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "ash",
  "yash",
  "posh",
  "rbash",
  "lksh",
  "pdksh",
  "oksh",
  "fish",
  "tcsh",
  "csh",
  "busybox-sh",
  "hush",
]);

const WITH_ARGUMENT = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file", "--init-command", "-C"]);

/**
 * The script a shell invocation runs: the `-c` text (any flag order: `-lc`, `--norc -c`, `-o x -c`),
 * a script file we saw written or a `<( )`, or its stdin when it reads commands from there.
 */
export function shellScripts(
  name: string,
  invocation: Invocation,
  scope: Scope,
  processOutput: (invocation: Invocation, index: number) => string | undefined,
): Nested[] {
  const args = invocation.words.slice(1);
  let commandMode = false;
  let stdinMode = false;
  let index = 0;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--" || value === "-") {
      index += value === "-" ? 0 : 1;
      if (value === "-") stdinMode = true;
      break;
    }
    if (WITH_ARGUMENT.has(value)) {
      index += 1;
      continue;
    }
    if (value === "--command" || value.startsWith("--command=")) {
      commandMode = true;
      if (value.includes("=")) return [{ kind: "script", text: value.slice(10), origin: `${name} -c` }];
      continue;
    }
    if (value.startsWith("--")) continue;
    if (/^[-+][a-zA-Z]+$/.test(value)) {
      if (value.startsWith("-") && value.includes("c")) commandMode = true;
      if (value.startsWith("-") && value.includes("s")) stdinMode = true;
      if (value.startsWith("-") && value.includes("n") && !value.includes("c")) return [];
      continue;
    }
    break;
  }
  const operand = args[index];
  if (commandMode) {
    if (!operand) return [];
    return [{ kind: "script", text: operand.value, origin: `${name} -c` }];
  }
  if (operand && !stdinMode && operand.value !== "-") {
    if (operand.substitution)
      return [{ kind: "script", text: processOutput(invocation, index + 1), origin: `${name} <(…)` }];
    if (
      operand.value === "/dev/stdin" ||
      operand.value === "/proc/self/fd/0" ||
      operand.value === "/dev/fd/0"
    ) {
      return invocation.stdin
        ? [{ kind: "script", text: invocation.stdin.read(), origin: `input piped into ${name}` }]
        : [];
    }
    return writtenScripts(operand.value, `${name} ${operand.source}`, scope);
  }
  if (!invocation.stdin) return [];
  return [{ kind: "script", text: invocation.stdin.read(), origin: `input piped into ${name}` }];
}
