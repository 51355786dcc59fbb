import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { judgeWriteTarget } from "../rules/write-targets.js";

function scriptsOf(
  args: readonly ExpandedWord[],
  fileText: (word: ExpandedWord) => string | undefined,
): string[] {
  const scripts: string[] = [];
  let sawExpression = false;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-e" || value === "--expression") {
      scripts.push(args[index + 1]?.value ?? "");
      sawExpression = true;
      index += 1;
    } else if (value.startsWith("--expression=")) {
      scripts.push(value.slice(13));
      sawExpression = true;
    } else if (value === "-f" || value === "--file") {
      // A script file the command wrote (or a `<(…)`): judged like `-e` text; others are the project's.
      const file = args[index + 1];
      const text = file ? fileText(file) : undefined;
      if (text !== undefined) scripts.push(text);
      sawExpression = true;
      index += 1;
    } else if (value === "-l" || value === "--line-length") index += 1;
    else if (!value.startsWith("-") && !sawExpression) {
      scripts.push(value);
      sawExpression = true;
    }
  }
  return scripts;
}

/** GNU sed's `e` command and `s///e` flag run shell commands; `w FILE` writes files. */
export function sedActions(
  args: readonly ExpandedWord[],
  scope: Scope,
  input?: string,
  fileText: (word: ExpandedWord) => string | undefined = () => undefined,
): { nested: Nested[]; hits: RuleHit[] } {
  const nested: Nested[] = [];
  const hits: RuleHit[] = [];
  for (const script of scriptsOf(args, fileText)) {
    let index = 0;
    while (index < script.length) {
      while (index < script.length && /[\s;{}!]/.test(script[index]!)) index += 1;
      while (index < script.length && /[\d$,~+]/.test(script[index]!)) index += 1;
      // An address may be followed by spaces before its command (`1 e cmd`).
      while (index < script.length && /[ \t!]/.test(script[index]!)) index += 1;
      if (script[index] === "/" || script[index] === "\\") {
        const delimiter = script[index] === "\\" ? script[index + 1]! : "/";
        index += script[index] === "\\" ? 2 : 1;
        while (index < script.length && script[index] !== delimiter) index += script[index] === "\\" ? 2 : 1;
        index += 1;
        continue;
      }
      const command = script[index];
      if (command === undefined) break;
      index += 1;
      if (command === "s" || command === "y") {
        const delimiter = script[index];
        if (delimiter === undefined) break;
        const parts: string[] = [];
        let current = "";
        index += 1;
        while (index < script.length && parts.length < 2) {
          const char = script[index]!;
          if (char === "\\" && index + 1 < script.length) {
            current += script[index + 1] === delimiter ? delimiter : char + script[index + 1];
            index += 2;
            continue;
          }
          if (char === delimiter) {
            parts.push(current);
            current = "";
          } else current += char;
          index += 1;
        }
        const flagStart = index;
        while (index < script.length && /[gpiImMe\dw]/.test(script[index]!)) {
          if (script[index] === "w") break;
          index += 1;
        }
        const flags = script.slice(flagStart, index);
        if (command === "s" && flags.includes("e")) {
          const replacement = parts[1] ?? "";
          // The e flag runs the pattern space after substitution: the replacement when the
          // expression covers the whole line, else text that depends on the input.
          const wholeLine = /^\^?\.\*\$?$/.test(parts[0] ?? "");
          if (!wholeLine && input !== undefined && !/\\\d|&/.test(replacement)) {
            nested.push({ kind: "script", text: input, origin: "sed s///e" });
            nested.push({ kind: "script", text: replacement, origin: "sed s///e" });
          } else if (!wholeLine || /\\\d|&/.test(replacement))
            hits.push({
              rule: "dynamic.interpreter-command",
              severity: "dynamic",
              reason:
                "sed's e flag runs text built from the input as a command, so it cannot be checked; run the command directly.",
            });
          else nested.push({ kind: "script", text: replacement, origin: "sed s///e" });
        }
        if (script[index] === "w") {
          const end = script.indexOf("\n", index);
          const file = script.slice(index + 1, end === -1 ? undefined : end).trim();
          const hit = judgeWriteTarget(literalWord(file, [0, 0], file), scope, "sed's w command");
          if (hit) hits.push(hit);
          index = end === -1 ? script.length : end;
        }
        continue;
      }
      if (
        command === "e" ||
        command === "w" ||
        command === "W" ||
        command === "a" ||
        command === "i" ||
        command === "c" ||
        command === "r" ||
        command === "R"
      ) {
        const end = script.indexOf("\n", index);
        const rest = script.slice(index, end === -1 ? undefined : end).trim();
        index = end === -1 ? script.length : end;
        if (command === "e") {
          // `e` alone runs the pattern space: each input line, when the input is known.
          if (rest === "" && input !== undefined)
            for (const line of input.replace(/\n$/, "").split("\n").slice(0, 32))
              nested.push({ kind: "script", text: line, origin: "sed e" });
          else if (rest === "")
            hits.push({
              rule: "dynamic.interpreter-command",
              severity: "dynamic",
              reason:
                "sed's e command runs the input text as a command, so it cannot be checked; run the command directly.",
            });
          else nested.push({ kind: "script", text: rest, origin: "sed e" });
        } else if (command === "w" || command === "W") {
          const hit = judgeWriteTarget(literalWord(rest, [0, 0], rest), scope, "sed's w command");
          if (hit) hits.push(hit);
        }
        continue;
      }
      while (
        index < script.length &&
        script[index] !== ";" &&
        script[index] !== "\n" &&
        script[index] !== "}"
      )
        index += 1;
    }
  }
  return { nested, hits };
}
