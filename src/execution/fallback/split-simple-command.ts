import { parse } from "shell-quote";
import { scanUnquoted } from "./scan-unquoted.js";

export const INSTALL_BASH_HINT =
  "Install Git for Windows (https://git-scm.com/download/win) or WSL (https://learn.microsoft.com/windows/wsl/install) to get bash, or run one simple command with a full path and no shell syntax.";

export type SimpleCommandSplit =
  | { readonly ok: true; readonly argv: readonly string[] }
  | { readonly ok: false; readonly operator: string; readonly message: string };

const OPERATOR_NAMES: Readonly<Record<string, string>> = {
  "|": "the pipe",
  "|&": "the pipe",
  "||": "the or-list operator",
  "&&": "the and-list operator",
  ";": "the command separator",
  ";;": "the case separator",
  "&": "the background operator",
  ">": "the output redirect",
  ">>": "the append redirect",
  "<": "the input redirect",
  ">&": "the descriptor redirect",
  "<(": "process substitution",
  "(": "a subshell",
  ")": "a subshell",
  $: "a variable",
  "$(": "command substitution",
  "`": "command substitution",
  glob: "a glob",
  "~": "home-directory expansion",
  "\\": "a backslash escape",
};

function refusal(operator: string, shown: string): SimpleCommandSplit {
  const what = OPERATOR_NAMES[operator] ?? "shell syntax";
  const extra =
    operator === "\\"
      ? " Write Windows paths with forward slashes (C:/Users/me) or inside single quotes."
      : "";
  return {
    ok: false,
    operator: shown,
    message: `no bash is available, so commands run without a shell, and this one uses ${what} '${shown}', which needs a shell.${extra} ${INSTALL_BASH_HINT}`,
  };
}

interface VariableMarker {
  readonly variable: string;
}

function isVariableMarker(entry: unknown): entry is VariableMarker {
  return typeof entry === "object" && entry !== null && "variable" in entry;
}

/**
 * Splits a command into argv with shell quoting rules for the no-bash fallback, or refuses it,
 * naming the first operator that would need a real shell. Pure.
 */
export function splitSimpleCommand(command: string): SimpleCommandSplit {
  const unquoted = scanUnquoted(command);
  if (unquoted) return refusal(unquoted.operator, unquoted.operator);
  const entries = parse(command, (key: string): VariableMarker => ({ variable: key }));
  const argv: string[] = [];
  for (const [index, entry] of entries.entries()) {
    if (typeof entry === "string") {
      argv.push(entry);
    } else if (isVariableMarker(entry)) {
      // shell-quote reports `$(` as an empty variable name followed by "(".
      const next = entries[index + 1];
      const opensParenthesis =
        (typeof next === "string" && next.startsWith("(")) ||
        (typeof next === "object" && next !== null && "op" in next && next.op === "(");
      if (entry.variable === "" && opensParenthesis) return refusal("$(", "$(");
      return refusal("$", `$${entry.variable}`);
    } else if ("comment" in entry) {
      // a comment is not run by a shell either
    } else if ("pattern" in entry) {
      return refusal("glob", entry.pattern);
    } else {
      return refusal(entry.op, entry.op);
    }
  }
  if (argv.length === 0) return { ok: false, operator: "", message: "the command is empty; nothing to run." };
  return { ok: true, argv };
}
