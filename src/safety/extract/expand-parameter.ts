import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { decodeEscapes } from "./escapes.js";
import type { ExpansionContext } from "./expand-word.js";
import { hasUnknown } from "./expanded-word.js";

export interface ParameterValue {
  /** Undefined when the value cannot be known without running the script. */
  readonly value: string | undefined;
  readonly nonEmpty: boolean;
  readonly dynamic: boolean;
}

const UNKNOWN_VALUE: ParameterValue = { value: undefined, nonEmpty: false, dynamic: true };
/** Variables the shell or login always sets: unknown, but never empty. */
const ALWAYS_SET = new Set([
  "PWD",
  "USER",
  "LOGNAME",
  "SHELL",
  "PATH",
  "HOSTNAME",
  "UID",
  "EUID",
  "PPID",
  "RANDOM",
  "SECONDS",
  "BASH",
  "BASH_VERSION",
  "LINENO",
  "BASHPID",
  "OSTYPE",
  "HOSTTYPE",
  "MACHTYPE",
]);

/** Marks a name reference in `scope.variables`: `declare -n r=v` stores NAMEREF_MARK + "r" → "v". */
export const NAMEREF_MARK = "\uE012nameref:";

/** The variable a name stands for after following `declare -n` references (bash stops at 8 levels). */
function referenced(name: string, context: ExpansionContext): string {
  let current = name;
  for (let depth = 0; depth < 8; depth += 1) {
    const target = context.scope.variables.get(NAMEREF_MARK + current);
    if (target === undefined || !/^[A-Za-z_]\w*$/.test(target)) return current;
    current = target;
  }
  return current;
}

function lookup(given: string, context: ExpansionContext): ParameterValue {
  const name = referenced(given, context);
  const value = context.scope.variables.get(name);
  if (value !== undefined) return known(value);
  if (name === "PWD" && context.scope.cwd !== undefined) return known(context.scope.cwd);
  return ALWAYS_SET.has(name) ? GUARDED_UNKNOWN : UNKNOWN_VALUE;
}
const GUARDED_UNKNOWN: ParameterValue = { value: undefined, nonEmpty: true, dynamic: true };

function known(value: string): ParameterValue {
  return { value, nonEmpty: value !== "", dynamic: true };
}

/** A default / alternative word written inside `${…}`: used only when it is plain text. */
function literalOperand(text: string): string | undefined {
  if (/[$`\\]/.test(text)) return undefined;
  if (/^'[^']*'$/.test(text) || /^"[^"]*"$/.test(text)) return text.slice(1, -1);
  return /['"]/.test(text) ? undefined : text;
}

function substring(
  value: string | undefined,
  offsetText: string,
  lengthText: string | undefined,
): ParameterValue {
  if (lengthText !== undefined && Number(lengthText) === 0) return known("");
  if (value === undefined || hasUnknown(value)) return UNKNOWN_VALUE;
  let offset = Number(offsetText);
  if (offset < 0) offset = Math.max(0, value.length + offset);
  if (lengthText === undefined) return known(value.slice(offset));
  const length = Number(lengthText);
  return known(
    length >= 0 ? value.slice(offset, offset + length) : value.slice(offset, value.length + length),
  );
}

function transform(
  value: string | undefined,
  operator: string,
  context: ExpansionContext,
  node: Node,
): ParameterValue {
  if (operator === "P") {
    context.promptExpansion(value, node);
    return UNKNOWN_VALUE;
  }
  if (value === undefined) return UNKNOWN_VALUE;
  switch (operator) {
    case "E":
      return known(decodeEscapes(value));
    case "U":
      return known(value.toUpperCase());
    case "L":
      return known(value.toLowerCase());
    case "u":
      return known(value.slice(0, 1).toUpperCase() + value.slice(1));
    case "Q":
      return known(value);
    default:
      return UNKNOWN_VALUE;
  }
}

/** A `${x#pattern}` pattern as a whole-string regular expression: `*` and `?` match any character, `/` too. */
function affixPattern(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "\\" && index + 1 < pattern.length) {
      index += 1;
      source += pattern[index]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    } else if (char === "*") source += "[\\s\\S]*";
    else if (char === "?") source += "[\\s\\S]";
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** `#`/`##` remove the shortest/longest matching prefix, `%`/`%%` the shortest/longest suffix. */
function removeAffix(value: string, operator: string, pattern: string): string {
  const matches = affixPattern(pattern);
  const cuts = Array.from({ length: value.length + 1 }, (_unused, index) => index);
  if (operator === "#" || operator === "%%") {
    for (const cut of cuts) {
      if (operator === "#" && matches.test(value.slice(0, cut))) return value.slice(cut);
      if (operator === "%%" && matches.test(value.slice(cut))) return value.slice(0, cut);
    }
  } else {
    for (const cut of cuts.reverse()) {
      if (operator === "##" && matches.test(value.slice(0, cut))) return value.slice(cut);
      if (operator === "%" && matches.test(value.slice(cut))) return value.slice(0, cut);
    }
  }
  return value;
}

/** `$x`, `${x}`, `${x:-d}`, `${x:?}`, `${x:0:0}`, `${x@E}`, `${x^^}`, `${x/a/b}`… over the known scope. */
export function expandParameter(node: Node, context: ExpansionContext): ParameterValue {
  const text = node.text;
  if (node.type === "simple_expansion") {
    const name = text.slice(1);
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return lookup(name, context);
    const positional = context.scope.variables.get(name);
    if (positional !== undefined) return known(positional);
    // With no positional parameters set (the top level of `bash -c`), $# is 0.
    if (name === "#" && !context.scope.variables.has("1") && !context.scope.variables.has("@"))
      return known("0");
    if (name === "#" || name === "?" || name === "$" || name === "!") return GUARDED_UNKNOWN;
    return UNKNOWN_VALUE;
  }
  const match = /^\$\{([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?([\s\S]*)\}$/.exec(text);
  if (!match) return UNKNOWN_VALUE;
  const [, prefix, name, subscript, rest = ""] = match;
  if (
    prefix === "" &&
    name === "#" &&
    rest === "" &&
    !context.scope.variables.has("1") &&
    !context.scope.variables.has("@")
  )
    return known("0");
  if (prefix === "#" && rest === "") return GUARDED_UNKNOWN;
  // `${!v}`: the variable whose name is v's value (a name reference keeps its own name).
  if (prefix === "!" && rest === "" && !subscript && /^[A-Za-z_]/.test(name!)) {
    const target = context.scope.variables.has(NAMEREF_MARK + name)
      ? name!
      : context.scope.variables.get(referenced(name!, context));
    return target !== undefined && /^[A-Za-z_]\w*$/.test(target) ? lookup(target, context) : UNKNOWN_VALUE;
  }
  if (prefix === "!") return UNKNOWN_VALUE;
  if (subscript) {
    const elements = context.scope.variables.get(name!);
    if (elements === undefined || rest !== "" || prefix !== "") return UNKNOWN_VALUE;
    const index = subscript.slice(1, -1).trim();
    // Quoted, `${a[*]}` joins the elements with the first character of IFS (none when IFS is empty).
    if (index === "*" && node.parent?.type === "string") {
      const separator = (context.scope.variables.get("IFS") ?? " ").slice(0, 1);
      return known(elements.split(" ").join(separator));
    }
    if (index === "@" || index === "*") return known(elements);
    if (/^\d+$/.test(index)) {
      const array = context.scope.arrays.get(name!);
      return known((array ?? elements.split(" "))[Number(index)] ?? "");
    }
    return UNKNOWN_VALUE;
  }
  const isNamed = /^[A-Za-z_]/.test(name!);
  const value = context.scope.variables.get(isNamed ? referenced(name!, context) : name!);
  if (rest === "")
    return isNamed ? lookup(name!, context) : value === undefined ? UNKNOWN_VALUE : known(value);
  let operation = /^(:?)\?/.exec(rest);
  if (operation) return value === undefined ? GUARDED_UNKNOWN : known(value);
  operation = /^(:?)[-=]([\s\S]*)$/.exec(rest);
  if (operation) {
    const useDefault = value === undefined ? undefined : operation[1] === ":" ? value === "" : false;
    if (useDefault === false) return known(value!);
    const fallback = literalOperand(operation[2]!);
    if (fallback === undefined) return UNKNOWN_VALUE;
    // Unset in the script: bash uses the default unless the environment sets the variable, so the
    // default is judged as the value (`rm -rf ${DIR:-/usr}`).
    return useDefault === true
      ? known(fallback)
      : { value: fallback, nonEmpty: fallback !== "", dynamic: true };
  }
  operation = /^(:?)\+([\s\S]*)$/.exec(rest);
  if (operation) {
    if (value === undefined) return UNKNOWN_VALUE;
    const alternative = literalOperand(operation[2]!);
    if (value === "" && operation[1] === ":") return known("");
    return alternative === undefined ? UNKNOWN_VALUE : known(alternative);
  }
  operation = /^:\s*(\(?-?\d+\)?)\s*(?::\s*(-?\d+)\s*)?$/.exec(rest);
  if (operation) return substring(value, operation[1]!.replace(/[()]/g, ""), operation[2]);
  operation = /^@([A-Za-z])$/.exec(rest);
  if (operation) return transform(value, operation[1]!, context, node);
  if (value === undefined) return UNKNOWN_VALUE;
  operation = /^(\^\^|\^|,,|,)$/.exec(rest);
  if (operation) {
    const op = operation[1]!;
    if (op === "^^") return known(value.toUpperCase());
    if (op === ",,") return known(value.toLowerCase());
    if (op === "^") return known(value.slice(0, 1).toUpperCase() + value.slice(1));
    return known(value.slice(0, 1).toLowerCase() + value.slice(1));
  }
  operation = /^(##?|%%?)([^[$`'"]*)$/.exec(rest);
  // Long values are left unknown rather than matched position by position.
  if (operation && value.length <= 4096) return known(removeAffix(value, operation[1]!, operation[2]!));
  if (operation) return UNKNOWN_VALUE;
  operation = /^\/(\/?)([^/*?[\\$`'"]+)\/?([^/*?[\\$`'"]*)$/.exec(rest);
  if (operation) {
    const [, all, pattern, replacement] = operation;
    return known(all ? value.replaceAll(pattern!, replacement!) : value.replace(pattern!, replacement!));
  }
  return UNKNOWN_VALUE;
}
