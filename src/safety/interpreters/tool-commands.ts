import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { judgeWriteTarget } from "../rules/write-targets.js";
import { gitCommands } from "../runners/git.js";
import { makeCommands } from "../runners/make.js";
import { awkActions } from "./awk.js";
import { programCommands } from "./program-commands.js";
import { sedActions } from "./sed.js";

export interface ToolActions {
  readonly nested: Nested[];
  readonly hits: RuleHit[];
}

const NONE: ToolActions = { nested: [], hits: [] };

/** `--opt=VALUE` or `--opt VALUE` for each listed option. */
function optionValues(args: readonly ExpandedWord[], names: readonly string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    for (const name of names) {
      if (value === name && args[index + 1]) found.push(args[index + 1]!.value);
      else if (value.startsWith(`${name}=`)) found.push(value.slice(name.length + 1));
    }
  }
  return found;
}

function scripts(texts: readonly string[], origin: string): Nested[] {
  return texts.map((text) => ({ kind: "script", text, origin }));
}

/** `tar --checkpoint-action=exec=CMD` (its other command options are in the runner table). */
function tar(args: readonly ExpandedWord[]): ToolActions {
  const actions = optionValues(args, ["--checkpoint-action"])
    .filter((action) => /^exec=/.test(action))
    .map((action) => action.slice(5));
  return { nested: scripts(actions, "tar"), hits: [] };
}

/** Tools that run commands given in options or scripts: tar, git, make, awk, sed, osascript. */
export function toolActions(
  name: string,
  invocation: Invocation,
  scope: Scope,
  fileText: (word: ExpandedWord) => string | undefined = () => undefined,
): ToolActions {
  const args = invocation.words.slice(1);
  switch (name) {
    case "tar":
    case "gtar":
    case "bsdtar":
      return tar(args);
    case "git":
      return { nested: gitCommands(invocation, scope, fileText), hits: [] };
    case "make":
    case "gmake":
      return { nested: makeCommands(invocation, scope, fileText), hits: [] };
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
      return awkActions(args, scope, fileText, {
        environment: (variable) =>
          invocation.assignments.find((assignment) => assignment.name === variable)?.value.value ??
          scope.variables.get(variable),
        ...(invocation.stdin?.read() === undefined ? {} : { input: invocation.stdin.read()! }),
      });
    case "sed":
    case "gsed":
      return sedActions(args, scope, invocation.stdin?.read(), fileText);
    case "osascript": {
      const code = optionValues(args, ["-e"]).join("\n");
      const nested: Nested[] = [];
      for (const match of code.matchAll(/do shell script\s+"((?:\\.|[^"])*)"/g))
        nested.push({ kind: "script", text: match[1]!.replace(/\\(.)/g, "$1"), origin: "osascript" });
      const hits: RuleHit[] =
        /shut down|restart|sleep/i.test(code) && /System Events|Finder/.test(code)
          ? [
              {
                rule: "power.osascript",
                severity: "dangerous",
                reason:
                  "this AppleScript would shut down, restart or sleep the Mac; ask the user to do it instead.",
              },
            ]
          : [];
      return { nested, hits };
    }
    default: {
      const nested = programCommands(name, invocation, fileText);
      return nested.length === 0 ? NONE : { nested, hits: [] };
    }
  }
}

export function deviceHit(path: string, scope: Scope, how: string): RuleHit | undefined {
  return judgeWriteTarget(literalWord(path, [0, 0], path), scope, how);
}
