import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { recordInputRedirect } from "./descriptor-files.js";
import { type ExpansionContext, expandWord, expandWordWhole } from "./expand-word.js";
import { type ExpandedWord, literalWord } from "./expanded-word.js";
import {
  type Assignment,
  type Invocation,
  knownStdin,
  lazyStdin,
  type Redirect,
  type Stdin,
} from "./invocation.js";
import { virtualPath } from "./paths.js";

export const REDIRECT_NODES = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

export function assignmentOf(
  node: Node,
  context: ExpansionContext,
  exported: boolean,
): Assignment | undefined {
  const nameNode = node.childForFieldName("name");
  if (!nameNode) return undefined;
  const valueNode = node.childForFieldName("value");
  const span = [node.startIndex, node.endIndex] as const;
  const value: ExpandedWord = valueNode ? expandWordWhole(valueNode, context) : literalWord("", span, "");
  const appended = node.text.slice(nameNode.endIndex - node.startIndex).startsWith("+=");
  if (appended) {
    const before = context.scope.variables.get(nameNode.text);
    if (before !== undefined)
      return { name: nameNode.text, value: { ...value, value: before + value.value }, exported, span };
  }
  return { name: nameNode.text, value, exported, span };
}

/** Heredoc text as the consuming command reads it: raw when the delimiter is quoted, else expanded. */
export function heredocText(node: Node, context: ExpansionContext): string | undefined {
  const start = node.children.find((child) => child?.type === "heredoc_start");
  const body = node.children.find((child) => child?.type === "heredoc_body");
  if (!body) return "";
  const quoted = start ? /['"\\]/.test(start.text) : false;
  let text: string;
  if (quoted || body.namedChildCount === 0) text = body.text;
  else {
    text = "";
    let cursor = body.startIndex;
    const source = body.text;
    for (const child of body.namedChildren) {
      if (!child) continue;
      text += source.slice(cursor - body.startIndex, child.startIndex - body.startIndex);
      if (child.type === "heredoc_content") text += child.text;
      else text += expandWordWhole(child, context).value;
      cursor = child.endIndex;
    }
    text += source.slice(cursor - body.startIndex);
  }
  if (node.children.some((child) => child?.type === "<<-")) text = text.replace(/^\t+/gm, "");
  return text;
}

export function redirectOf(node: Node, context: ExpansionContext): Redirect {
  const span = [node.startIndex, node.endIndex] as const;
  let operator = "";
  let descriptor: number | undefined;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === "file_descriptor") descriptor = Number(child.text);
    else if (!child.isNamed && operator === "") operator = child.type;
  }
  const destination = node.childForFieldName("destination");
  const target = destination ? expandWordWhole(destination, context) : undefined;
  return { operator, descriptor, target, span };
}

/** The stdin a redirect list provides (the last input redirect wins, as in the shell). */
export function stdinOf(
  nodes: readonly Node[],
  context: ExpansionContext,
  redirects: readonly Redirect[],
): Stdin | undefined {
  let stdin: Stdin | undefined;
  for (const node of nodes) {
    if (node.type !== "heredoc_redirect" && node.type !== "herestring_redirect") continue;
    let text: string;
    if (node.type === "heredoc_redirect") text = heredocText(node, context) ?? "";
    else {
      const word = node.namedChildren.find((child) => child !== null && child.type !== "file_descriptor");
      text = word ? `${expandWordWhole(word, context).value}\n` : "\n";
    }
    // `3<<<text`, `7<<EOF`: descriptor N holds it (read as /dev/fd/N), not stdin.
    const descriptor = node.children.find((child) => child?.type === "file_descriptor");
    if (descriptor && Number(descriptor.text) !== 0) {
      recordInputRedirect(context.scope, Number(descriptor.text), { text });
      continue;
    }
    stdin = knownStdin(node.type === "heredoc_redirect" ? "heredoc" : "herestring", text);
  }
  for (const redirect of redirects) {
    if (
      (redirect.operator === "<" || redirect.operator === "<>") &&
      (redirect.descriptor ?? 0) > 0 &&
      redirect.target
    ) {
      recordInputRedirect(context.scope, redirect.descriptor as number, { path: redirect.target.value });
      continue;
    }
    if (
      (redirect.operator === "<" || redirect.operator === "<>") &&
      (redirect.descriptor ?? 0) === 0 &&
      redirect.target
    ) {
      // `< <(…)` reads the substitution's output through a pipe: known when its output is.
      const substitution = redirect.target.substitution;
      if (substitution) {
        stdin = lazyStdin("pipe", () => context.substitutionOutput(substitution));
        continue;
      }
      const resolved = virtualPath(redirect.target.value, context.scope);
      // `< /dev/null` is known to be empty.
      const content =
        resolved === "/dev/null"
          ? ""
          : resolved === undefined
            ? undefined
            : context.scope.files.get(resolved);
      stdin = knownStdin("file", content);
    }
  }
  return stdin;
}

/** Word nodes the grammar may leave inside a heredoc redirect, after its delimiter. */
const HEREDOC_LINE_WORDS = new Set([
  "word",
  "string",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "concatenation",
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "number",
]);

function touchesSubstitution(left: Node, right: Node): boolean {
  return left.type === "process_substitution" || right.type === "process_substitution";
}

/** Two touching words as the one the shell makes of them. */
function joinWords(left: ExpandedWord, right: ExpandedWord): ExpandedWord {
  return {
    value: left.value + right.value,
    glob: left.glob || right.glob,
    pattern: left.pattern + right.pattern,
    dynamic: left.dynamic || right.dynamic,
    source: left.source + right.source,
    span: [left.span[0], right.span[1]],
  };
}

/** Turns a `command` node into the invocation the shell would make. */
export function buildInvocation(
  node: Node,
  extraRedirects: readonly Node[],
  inherited: Stdin | undefined,
  context: ExpansionContext,
): Invocation {
  const words: ExpandedWord[] = [];
  const assignments: Assignment[] = [];
  const redirectNodes: Node[] = [];
  // Field names would need a cursor pass that costs more than the parse; the node types suffice.
  let named = false;
  let previous: Node | undefined;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === "variable_assignment" && !named) {
      const assignment = assignmentOf(child, context, true);
      if (assignment) assignments.push(assignment);
    } else if (REDIRECT_NODES.has(child.type)) {
      redirectNodes.push(child);
    } else if (child.type === "command_name" && !named) {
      named = true;
      words.push(...expandWord(child.namedChildren[0] ?? child, context));
    } else if (named && child.type !== "comment") {
      const fields = expandWord(child, context);
      const last = words.at(-1);
      // `BASH_ENV=<(cmd)`: bash reads one word (`BASH_ENV=/dev/fd/63`); the grammar splits a process
      // substitution from the text it touches into two arguments.
      if (
        last &&
        fields.length > 0 &&
        previous?.endIndex === child.startIndex &&
        touchesSubstitution(previous, child)
      ) {
        words[words.length - 1] = joinWords(last, fields[0]!);
        words.push(...fields.slice(1));
      } else words.push(...fields);
    }
    previous = child;
  }
  redirectNodes.push(...extraRedirects);
  // `bash 3<<'EOF' /dev/fd/3`: the grammar puts what follows a heredoc's delimiter on its line inside
  // the heredoc redirect; the words there are the command's arguments, the redirects its redirects.
  if (named) {
    for (const heredoc of redirectNodes.filter((redirect) => redirect.type === "heredoc_redirect")) {
      let afterStart = false;
      for (const child of heredoc.namedChildren) {
        if (!child || child.type === "heredoc_body") break;
        if (child.type === "heredoc_start") afterStart = true;
        else if (afterStart && REDIRECT_NODES.has(child.type)) redirectNodes.push(child);
        else if (afterStart && HEREDOC_LINE_WORDS.has(child.type)) words.push(...expandWord(child, context));
      }
    }
  }
  const redirects = redirectNodes
    .filter((redirect) => redirect.type === "file_redirect")
    .map((redirect) => redirectOf(redirect, context));
  const stdin = stdinOf(redirectNodes, context, redirects) ?? inherited;
  return { words, assignments, redirects, stdin, span: [node.startIndex, node.endIndex] };
}
