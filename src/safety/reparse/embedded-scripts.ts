import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { evaluatedTexts, INTEGER_MARK } from "../extract/walk/arithmetic.js";
import type { Nested } from "../normalize/nested.js";
import { isShellSetupOutput } from "./shell-setup-tools.js";
import { shownPath, writtenScripts } from "./written-files.js";

/**
 * Builtins that run text as shell code: `eval`, `source`/`.` (of `<( )`, `/dev/stdin` or a file the
 * script wrote), `trap`. The `at`/`batch` queue reads a script from stdin.
 */
export function embeddedScripts(
  name: string,
  invocation: Invocation,
  scope: Scope,
  processOutput: (invocation: Invocation, index: number) => string | undefined,
): Nested[] {
  const args = invocation.words.slice(1);
  switch (name) {
    case "eval": {
      const words = args[0]?.value === "--" ? args.slice(1) : args;
      if (words.length === 0 || words.every((word) => isShellSetupOutput(word.source))) return [];
      return [{ kind: "script", text: words.map((word) => word.value).join(" "), origin: "eval" }];
    }
    case "source":
    case ".": {
      const file = args[0];
      if (!file) return [];
      if (file.substitution && isShellSetupOutput(file.source)) return [];
      if (file.substitution)
        return [{ kind: "script", text: processOutput(invocation, 1), origin: `${name} <(…)` }];
      if (/^\/dev\/(stdin|fd\/0)$|^\/proc\/self\/fd\/0$/.test(file.value) || file.value === "-") {
        return invocation.stdin
          ? [{ kind: "script", text: invocation.stdin.read(), origin: `${name} ${file.value}` }]
          : [];
      }
      return writtenScripts(file.value, `${name} ${file.source}`, scope);
    }
    case "trap": {
      const handlerArgs = args[0]?.value === "--" ? args.slice(1) : args;
      const action = handlerArgs[0];
      if (!action || /^-[lp]$/.test(action.value) || action.value === "-" || handlerArgs.length < 2)
        return [];
      return [{ kind: "script", text: action.value, origin: "trap" }];
    }
    case "read":
    case "printf":
    case "declare":
    case "typeset":
    case "local":
    case "export":
    case "readonly":
    case "let":
    case "unset":
    case "test":
    case "[": {
      // Names like `a[$(cmd)]` are evaluated as array subscripts, which runs the substitution.
      const names = name === "printf" ? args.filter((_word, index) => args[index - 1]?.value === "-v") : args;
      return [
        ...arithmeticScripts(name, invocation, scope),
        ...names
          .filter(
            (word) =>
              /^[^=]*\[[^\]]*(\$\(|`)/.test(word.value) ||
              (name === "declare" && /^[^=]*=\(.*(\$\(|`)/.test(word.value)),
          )
          .map(
            (word): Nested => ({
              kind: "script",
              text: `${name === "declare" ? "declare" : ":"} ${word.value}`,
              origin: `${name}'s argument ${word.source}`,
            }),
          ),
      ];
    }
    case "mapfile":
    case "readarray": {
      const callback = args.findIndex((word) => word.value === "-C");
      return callback === -1 || !args[callback + 1]
        ? []
        : [{ kind: "script", text: args[callback + 1]!.value, origin: `${name} -C` }];
    }
    case "at":
    case "batch": {
      if (args.some((word) => /^-[a-zA-Z]*[lrdc]$/.test(word.value))) return [];
      const fileIndex = args.findIndex((word) => word.value === "-f");
      if (fileIndex !== -1) return [];
      return invocation.stdin ? [{ kind: "script", text: invocation.stdin.read(), origin: name }] : [];
    }
    default: {
      // `./run.sh` that this script wrote: a file without a shebang is run by the shell itself. A bare
      // name is looked up on PATH, which may name a directory this script wrote the program into.
      const word = invocation.words[0];
      // Only a file this script wrote can be run this way; most scripts write none.
      if (!word || word.dynamic || scope.files.size === 0) return [];
      const path =
        invocation.assignments.find((assignment) => assignment.name === "PATH")?.value.value ??
        scope.variables.get("PATH");
      const candidates = word.value.includes("/")
        ? [virtualPath(word.value, scope)]
        : (path ?? "")
            .split(":")
            .filter((directory) => directory !== "" && !/[\uE001-\uE004]/.test(directory))
            .map((directory) => virtualPath(`${directory}/${word.value}`, scope));
      const resolved = candidates.find((file) => file !== undefined && scope.files.has(file));
      const content = resolved === undefined ? undefined : scope.files.get(resolved);
      return content === undefined
        ? []
        : [
            {
              kind: "script",
              text: content,
              origin: `the command ${word.source}`,
              written: shownPath(resolved!),
            },
          ];
    }
  }
}

/** `let EXPR…` evaluates each argument; `read n` into an integer variable evaluates what it reads. */
function arithmeticScripts(name: string, invocation: Invocation, scope: Scope): Nested[] {
  const args = invocation.words.slice(1);
  let texts: string[] = [];
  if (name === "let") texts = args.flatMap((word) => evaluatedTexts(word.value, scope));
  else if (name === "read" && args.some((word) => scope.variables.has(INTEGER_MARK + word.value))) {
    const input = invocation.stdin?.read();
    if (input !== undefined) texts = evaluatedTexts(input, scope);
  }
  return texts.map((text) => ({
    kind: "script",
    text: `: <<__SHELLGATE_ARITHMETIC__\n${text}\n__SHELLGATE_ARITHMETIC__\n`,
    origin: `${name}'s arithmetic`,
  }));
}
