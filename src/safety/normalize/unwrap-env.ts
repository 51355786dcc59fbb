import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Assignment, Invocation } from "../extract/invocation.js";
import { inner } from "./inner-command.js";
import type { Nested } from "./nested.js";

/** `env -S 'a b'`: the string splits into words the way the shell would split it. */
function splitString(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"((?:\\.|[^"])*)"|((?:\\.|[^\s'"])+)/g)) {
    words.push(match[1] ?? match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!.replace(/\\(.)/g, "$1"));
  }
  return words;
}

/** `env [-i] [-u NAME] [NAME=VALUE…] CMD`: the command runs with the assignments exported. */
export function unwrapEnv(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const assignments: Assignment[] = [...invocation.assignments];
  let index = 0;
  let split: string | undefined;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") {
      index += 1;
      break;
    }
    if (/^(-[a-zA-Z0-9]*S|--split-string)$/.test(value)) {
      split = args[index + 1]?.value ?? "";
      index += 2;
      break;
    }
    if (/^-[a-zA-Z0-9]*S./.test(value) || value.startsWith("--split-string=")) {
      split = value.startsWith("--") ? value.slice(15) : value.slice(value.indexOf("S") + 1);
      index += 1;
      break;
    }
    if (/^(-u|-C|-P|--unset|--chdir)$/.test(value)) index += 2;
    else if (value.startsWith("-") && value !== "-") index += 1;
    else break;
  }
  for (; index < args.length; index += 1) {
    const word = args[index]!;
    const match = /^([^=\s]+)=([\s\S]*)$/.exec(word.value);
    if (!match) break;
    assignments.push({
      name: match[1]!,
      value: { ...word, value: match[2]! },
      exported: true,
      span: word.span,
    });
  }
  const rest = args.slice(index);
  const words =
    split === undefined
      ? rest
      : [...splitString(split).map((text) => literalWord(text, invocation.span)), ...rest];
  return words.length > 0 ? [inner(invocation, words, "env", { assignments })] : [];
}
