import path from "node:path";
import { readLiteral } from "../interpreters/string-literals.js";
import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { decodeEscapes } from "./escapes.js";
import { EVERY_ENTRY, type ExpandedWord, hasUnknown } from "./expanded-word.js";
import type { Invocation, Stdin } from "./invocation.js";
import { pathPrinterOutput } from "./path-printers.js";
import { basename, resolvePath, virtualPath } from "./paths.js";
import type { Scope } from "./scope.js";
import {
  decodeBase32,
  decodeBase64,
  decodeHex,
  formatPrintf,
  reverseLines,
  translate,
} from "./text-filters.js";

function echo(args: readonly string[]): string {
  let index = 0;
  let newline = true;
  let escapes = false;
  while (index < args.length && /^-[neE]+$/.test(args[index]!)) {
    const flags = args[index]!;
    if (flags.includes("n")) newline = false;
    if (flags.includes("e")) escapes = true;
    if (flags.includes("E")) escapes = false;
    index += 1;
  }
  const text = args.slice(index).join(" ");
  return (escapes ? decodeEscapes(text, true) : text) + (newline ? "\n" : "");
}

const FIND_NARROWING =
  /^-(name|iname|path|ipath|wholename|regex|iregex|newer\w*|mtime|mmin|atime|amin|ctime|cmin|size|user|group|uid|gid|perm|empty|inum|samefile|links|lname|used|false|nouser|nogroup|exec|execdir|ok|okdir|delete|fprint\w*|printf|prune|quit)$/;

/** `find START…` without tests prints the start points (and, below -mindepth 1, their contents). */
function findOutput(args: readonly ExpandedWord[]): string | undefined {
  const starts: string[] = [];
  let index = 0;
  for (; index < args.length && !/^[-(!,]/.test(args[index]!.value); index += 1)
    starts.push(args[index]!.value);
  const expression = args.slice(index).map((word) => word.value);
  if (expression.some((token) => FIND_NARROWING.test(token.replace(/^-not$/, "")))) return undefined;
  const minimum = expression.indexOf("-mindepth");
  const below = minimum !== -1 && Number(expression[minimum + 1]) >= 1;
  const separator = expression.includes("-print0") ? "\0" : "\n";
  const listed = (starts.length > 0 ? starts : ["."]).map((start) =>
    below ? `${start.replace(/\/$/, "")}/${EVERY_ENTRY}` : start,
  );
  return listed.map((path) => path + separator).join("");
}

/** `python3 -c "print('…')"`, `perl -e 'print "…\n"'`, `node -e "console.log('…')"`, `ruby -e 'puts "…"'`. */
function printedLiteral(name: string, args: readonly string[]): string | undefined {
  const flag = name.startsWith("python") ? "-c" : "-e";
  const index = args.indexOf(flag);
  const code = index === -1 ? undefined : args[index + 1]?.trim().replace(/;$/, "");
  if (code === undefined) return undefined;
  const call = /^(print|console\.log|puts|say)\s*\(?\s*/.exec(code);
  if (!call) return undefined;
  const literal = readLiteral(code, call[0].length);
  if (!literal || literal.interpolated || !/^\s*\)?\s*;?\s*$/.test(code.slice(literal.end))) return undefined;
  const newline = name === "perl" && call[1] === "print" ? "" : "\n";
  return literal.value + newline;
}

function readStdin(stdin: Stdin | undefined): string | undefined {
  return stdin?.read();
}

/**
 * What a simple command writes to stdout, for the few commands whose output is a pure function of
 * their arguments and input (echo, printf, cat, base64 -d, xxd -r -p, rev, tr). Undefined otherwise.
 */
export function invocationOutput(invocation: Invocation, scope: Scope): string | undefined {
  const [first, ...rest] = invocation.words;
  if (!first) return "";
  if (first.dynamic || first.glob) return undefined;
  const name = basename(first.value);
  const args = rest.map((word) => word.value);
  switch (name) {
    case "echo":
      return echo(args);
    case "printf": {
      if (args[0] === "-v") return "";
      const format = args[0] === "--" ? args[1] : args[0];
      const values = args.slice(args[0] === "--" ? 2 : 1);
      return format === undefined ? undefined : formatPrintf(format, values);
    }
    case "cat": {
      const files = args.filter((arg) => !/^-./.test(arg));
      if (files.length === 0) return readStdin(invocation.stdin);
      let output = "";
      for (const file of files) {
        if (file === "-") {
          const input = readStdin(invocation.stdin);
          if (input === undefined) return undefined;
          output += input;
          continue;
        }
        const resolved = virtualPath(file, scope);
        const content = resolved === undefined ? undefined : scope.files.get(resolved);
        if (content === undefined) return undefined;
        output += content;
      }
      return output;
    }
    case "base64":
    case "basenc": {
      if (!args.some((arg) => /^(-[a-zA-Z]*[dD][a-zA-Z]*|--decode)$/.test(arg))) return undefined;
      const input = readStdin(invocation.stdin);
      return input === undefined || hasUnknown(input) ? undefined : decodeBase64(input);
    }
    case "base32": {
      if (!args.some((arg) => /^(-[a-zA-Z]*d[a-zA-Z]*|--decode)$/.test(arg))) return undefined;
      const input = readStdin(invocation.stdin);
      return input === undefined || hasUnknown(input) ? undefined : decodeBase32(input);
    }
    case "xxd": {
      if (
        !args.some((arg) => /^-[a-z]*r/.test(arg)) ||
        !args.some((arg) => /^-(p|ps|plain|[a-z]*p)$/.test(arg))
      ) {
        return undefined;
      }
      const input = readStdin(invocation.stdin);
      return input === undefined || hasUnknown(input) ? undefined : decodeHex(input);
    }
    case "rev": {
      const input = readStdin(invocation.stdin);
      return input === undefined ? undefined : reverseLines(input);
    }
    case "tr": {
      const input = readStdin(invocation.stdin);
      if (input === undefined) return undefined;
      const options = args.filter((arg) => /^-[a-zA-Z]+$/.test(arg));
      const sets = args.filter((arg) => !/^-[a-zA-Z]+$/.test(arg));
      return translate(input, options, sets);
    }
    case "true":
    case ":":
      return "";
    case "python":
    case "python3":
    case "perl":
    case "node":
    case "ruby":
      return printedLiteral(name, args);
    case "dirname":
      return args.length > 0 && !args.some((arg) => arg.startsWith("-"))
        ? `${args.map((arg) => path.posix.dirname(arg)).join("\n")}\n`
        : undefined;
    case "realpath":
    case "readlink": {
      if (name === "readlink" && !args.some((arg) => /^-[a-zA-Z]*[fem]/.test(arg))) return undefined;
      const files = args.filter((arg) => !arg.startsWith("-"));
      const resolved = files.map((file) => resolvePath(file, scope.cwd));
      return resolved.every((file) => file !== undefined) && files.length > 0
        ? `${resolved.join("\n")}\n`
        : undefined;
    }
    case "pwd":
      return scope.cwd === undefined ? undefined : `${scope.cwd}\n`;
    case "tee":
      return readStdin(invocation.stdin);
    case "find":
      return findOutput(rest);
    case "ls":
      // `ls -d PATHS` prints the paths themselves; plain `ls DIR` prints every entry's name.
      if (!args.some((arg) => /^-[a-zA-Z]*d/.test(arg))) {
        const listed = rest.filter((word) => !word.value.startsWith("-"));
        if (
          listed.length > 1 ||
          args.some((arg) => /^-[a-zA-Z]*[lRs1-9]|^--/.test(arg) && !/^-[aA]+$/.test(arg))
        )
          return undefined;
        return `${EVERY_ENTRY}\n`;
      }
      return `${rest
        .filter((word) => !word.value.startsWith("-"))
        .map((word) => word.value)
        .join("\n")}\n`;
    default:
      return pathPrinterOutput(name, args, scope);
  }
}

/** The node kinds whose output is the concatenation of their statements' output. */
export const SEQUENCE_NODES = new Set([
  "program",
  "list",
  "compound_statement",
  "subshell",
  "command_substitution",
  "process_substitution",
]);

export function isStatement(node: Node): boolean {
  return node.isNamed && node.type !== "comment" && !node.type.startsWith("heredoc");
}

/** The statements a list, pipeline or compound node holds, in order. */
export function statementsOf(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null && isStatement(child));
}
