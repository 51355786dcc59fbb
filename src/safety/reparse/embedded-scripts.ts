import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";

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
      if (words.length === 0) return [];
      return [{ kind: "script", text: words.map((word) => word.value).join(" "), origin: "eval" }];
    }
    case "source":
    case ".": {
      const file = args[0];
      if (!file) return [];
      if (file.substitution)
        return [{ kind: "script", text: processOutput(invocation, 1), origin: `${name} <(…)` }];
      if (/^\/dev\/(stdin|fd\/0)$|^\/proc\/self\/fd\/0$/.test(file.value) || file.value === "-") {
        return invocation.stdin
          ? [{ kind: "script", text: invocation.stdin.read(), origin: `${name} ${file.value}` }]
          : [];
      }
      const resolved = virtualPath(file.value, scope.cwd);
      const content = resolved === undefined ? undefined : scope.files.get(resolved);
      return content === undefined
        ? []
        : [{ kind: "script", text: content, origin: `${name} ${file.value}` }];
    }
    case "trap": {
      const action = args[0];
      if (!action || /^-[lp]$/.test(action.value) || action.value === "-" || args.length < 2) return [];
      return [{ kind: "script", text: action.value, origin: "trap" }];
    }
    case "at":
    case "batch": {
      if (args.some((word) => /^-[a-zA-Z]*[lrdc]$/.test(word.value))) return [];
      const fileIndex = args.findIndex((word) => word.value === "-f");
      if (fileIndex !== -1) return [];
      return invocation.stdin ? [{ kind: "script", text: invocation.stdin.read(), origin: name }] : [];
    }
    default:
      return [];
  }
}
