import type { Language } from "./inline-code.js";
import { readLiteral } from "./string-literals.js";

/**
 * Reflection and aliasing written out as the plain call it is, after string folding: Python's
 * `getattr(os, "system")`, `vars(m)["system"]`, `importlib.import_module("os")`, `sys.modules["os"]`,
 * `from os import system as s`, `f = os.system`; Ruby's `send(:system, …)`, `method(:system).call`;
 * JavaScript's `x["execSync"]`, `const { execSync: x } = require(…)`, `module.constructor._load`;
 * PHP's variable functions and `call_user_func`; Perl and PHP variables holding a literal; Lua's
 * `_G["os"]["execute"]`. Code that `eval`/`exec` runs from a literal is returned as embedded code,
 * judged like the program itself.
 */
export interface NormalisedCode {
  readonly code: string;
  /** Program text handed to eval/exec/load/new Function as a literal: judged as code of the same language. */
  readonly embedded: readonly string[];
}

const LITERAL = String.raw`(?:[rRbBuU]{0,2}"(?:\\.|[^"\\\n])*"|[rRbBuU]{0,2}'(?:\\.|[^'\\\n])*')`;
/** A receiver: a dotted name, optionally called with simple arguments (`__import__("os")`, `ctypes.CDLL(None)`). */
const RECEIVER = String.raw`(?:[A-Za-z_][\w]*(?:\s*\([^()]*\))?)(?:\s*\.\s*[A-Za-z_]\w*(?:\s*\([^()]*\))?)*`;

function value(text: string): string | undefined {
  const literal = readLiteral(text, 0);
  return literal && !literal.interpolated ? literal.value : undefined;
}

function identifier(name: string | undefined): name is string {
  return name !== undefined && /^[A-Za-z_]\w*$/.test(name);
}

/** Applies `regex` until nothing changes (each rewrite may expose another). */
function rewrite(code: string, regex: RegExp, replace: (...groups: string[]) => string | undefined): string {
  let current = code;
  for (let round = 0; round < 6; round += 1) {
    const next = current.replace(regex, (whole: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((group) => (typeof group === "string" ? group : ""));
      return replace(...groups) ?? whole;
    });
    if (next === current) return current;
    current = next;
  }
  return current;
}

const re = (source: string, flags = "g") =>
  new RegExp(source.replaceAll("§", LITERAL).replaceAll("¤", RECEIVER), flags);

/** Names bound once to a literal or a dotted capability (`f = os.system`, `$f = 'system';`). */
function aliases(code: string, assignment: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const match of code.matchAll(assignment)) {
    const name = match[1]!;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    found.set(name, match[2]!.trim());
  }
  for (const [name, count] of counts) if (count > 1) found.delete(name);
  return found;
}

function python(code: string, embedded: string[]): string {
  let out = code;
  out = rewrite(
    out,
    re(String.raw`\b(?:importlib\s*\.\s*)?import_module\(\s*(§)\s*\)`),
    (m) => `__import__(${m})`,
  );
  out = rewrite(out, re(String.raw`\bsys\s*\.\s*modules\s*\[\s*(§)\s*\]`), (m) => `__import__(${m})`);
  out = rewrite(
    out,
    re(String.raw`\b(?:globals|locals|vars)\(\s*\)\s*\[\s*["']__builtins__["']\s*\]`),
    () => "__builtins__",
  );
  out = rewrite(out, re(String.raw`\bgetattr\(\s*(¤)\s*,\s*(§)\s*\)`), (receiver, name) => {
    const attribute = value(name!);
    return identifier(attribute) ? `${receiver}.${attribute}` : undefined;
  });
  out = rewrite(out, re(String.raw`\bvars\(\s*(¤)\s*\)\s*\[\s*(§)\s*\]`), (receiver, name) => {
    const attribute = value(name!);
    return identifier(attribute) ? `${receiver}.${attribute}` : undefined;
  });
  out = rewrite(out, re(String.raw`(¤)\s*\.\s*__dict__\s*\[\s*(§)\s*\]`), (receiver, name) => {
    const attribute = value(name!);
    return identifier(attribute) ? `${receiver}.${attribute}` : undefined;
  });
  out = rewrite(out, /\b(?:__builtins__|builtins)\s*\.\s*(?=[A-Za-z_])/g, () => "");
  out = rewrite(
    out,
    re(String.raw`\b(?:operator\s*\.\s*)?methodcaller\(\s*(§)\s*,?\s*([^()]*)\)\s*\(\s*(¤)\s*\)`),
    (name, args, receiver) => {
      const method = value(name!);
      return identifier(method) ? `${receiver}.${method}(${args})` : undefined;
    },
  );
  // `(lambda m: m.system(x))(__import__("os"))`: the parameter is the argument.
  out = rewrite(
    out,
    re(String.raw`\(\s*lambda\s+([A-Za-z_]\w*)\s*:\s*([^\n]*?)\)\s*\(\s*(¤)\s*\)`),
    (parameter, body, argument) => body!.replace(new RegExp(`\\b${parameter}\\b`, "g"), argument!),
  );
  // A protocol-0 pickle's GLOBAL opcode names the callable (`cos\nsystem\n(V…\ntR.`).
  out = rewrite(out, re(String.raw`\b(?:pickle|cPickle|_pickle)\s*\.\s*loads\(\s*(§)\s*\)`), (data) => {
    const text = value(data!);
    const call = text === undefined ? null : /c(\w+)\n(\w+)\n\(V([^\n]*)\n/.exec(text);
    return call ? `__import__(${JSON.stringify(call[1])}).${call[2]}(${JSON.stringify(call[3])})` : undefined;
  });
  // `from os import system as s` and `import subprocess as sp`.
  for (const match of code.matchAll(/\bfrom\s+([\w.]+)\s+import\s+([\w\s,]+)/g)) {
    for (const item of match[2]!.split(",")) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      if (identifier(name) && identifier(alias))
        out = out.replace(new RegExp(`(?<![\\w.])${alias}(?=\\s*[(.])`, "g"), `${match[1]}.${name}`);
    }
  }
  for (const match of code.matchAll(/\bimport\s+([\w.]+)\s+as\s+(\w+)/g))
    out = out.replace(new RegExp(`(?<![\\w.])${match[2]}(?=\\s*\\.)`, "g"), match[1]!);
  // `f = os.system` then `f("…")`.
  const bound = aliases(out, re(String.raw`(?:^|[;\n]\s*)([A-Za-z_]\w*)\s*=\s*(¤)\s*(?=[;\n]|$)`, "gm"));
  for (const [name, target] of bound) {
    if (!/\./.test(target) && !/__import__/.test(target)) continue;
    out = out.replace(new RegExp(`(?<![\\w.])${name}(?=\\s*[(.])`, "g"), target);
  }
  for (const match of out.matchAll(re(String.raw`\b(?:exec|eval)\(\s*(?:compile\(\s*)?(§)`)))
    pushLiteral(match[1]!, embedded);
  return out;
}

function pushLiteral(text: string, embedded: string[]): void {
  const code = value(text);
  if (code !== undefined) embedded.push(code);
}

function node(code: string, embedded: string[]): string {
  let out = code;
  out = rewrite(
    out,
    /\b(?:module\s*\.\s*constructor\s*\.\s*_load|process\s*\.\s*mainModule\s*\.\s*require|module\s*\.\s*require|require\s*\.\s*main\s*\.\s*require|import)\s*\(/g,
    () => "require(",
  );
  out = rewrite(out, re(String.raw`(\)|[\w$]+)\s*\[\s*(§)\s*\]`), (receiver, name) => {
    const property = value(name!);
    return identifier(property) ? `${receiver}.${property}` : undefined;
  });
  for (const match of out.matchAll(
    re(String.raw`\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(require\(\s*§\s*\))`),
  )) {
    for (const item of match[1]!.split(",")) {
      const [name, alias] = item.split(":").map((part) => part.trim());
      if (identifier(name) && identifier(alias))
        out = out.replace(new RegExp(`(?<![\\w.$])${alias}(?=\\s*\\()`, "g"), `${match[2]}.${name}`);
    }
  }
  for (const match of out.matchAll(re(String.raw`\beval\(\s*(§)\s*\)`))) pushLiteral(match[1]!, embedded);
  for (const match of out.matchAll(re(String.raw`\bnew\s+Function\(\s*(?:§\s*,\s*)*(§)\s*\)`)))
    pushLiteral(match[1]!, embedded);
  for (const match of out.matchAll(re(String.raw`\bvm\s*\.\s*runIn\w*Context\(\s*(§)`)))
    pushLiteral(match[1]!, embedded);
  return out;
}

function ruby(code: string, embedded: string[]): string {
  let out = code;
  const name = String.raw`(?::([A-Za-z_]\w*[?!]?)|(§))`;
  const called = (symbol: string, literal: string) => symbol || value(literal);
  out = rewrite(out, re(String.raw`\bObject\s*\.\s*const_get\(\s*${name}\s*\)`), (symbol, literal) => {
    const constant = called(symbol!, literal!);
    return identifier(constant) ? constant : undefined;
  });
  out = rewrite(
    out,
    re(String.raw`(?:\b[A-Z]\w*\s*\.\s*|\bself\s*\.\s*)?\b(?:send|public_send|__send__)\(\s*${name}\s*,?\s*`),
    (symbol, literal) => {
      const method = called(symbol!, literal!);
      return identifier(method) ? `${method}(` : undefined;
    },
  );
  out = rewrite(
    out,
    re(String.raw`(?:\b[A-Z]\w*\s*\.\s*)?\bmethod\(\s*${name}\s*\)\s*\.\s*(?:call|\[\]|===)\s*\(`),
    (symbol, literal) => {
      const method = called(symbol!, literal!);
      return identifier(method) ? `${method}(` : undefined;
    },
  );
  for (const match of out.matchAll(re(String.raw`\b(?:eval|instance_eval|class_eval|module_eval)\(?\s*(§)`)))
    pushLiteral(match[1]!, embedded);
  return out;
}

/** For each offset, the quote it lies inside (`"`, `'`, `` ` ``) or undefined. */
function quoteAt(code: string): (offset: number) => string | undefined {
  const quotes: (string | undefined)[] = new Array(code.length);
  let quote: string | undefined;
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index]!;
    if (quote) {
      quotes[index] = quote;
      if (char === "\\") {
        quotes[index + 1] = quote;
        index += 1;
      } else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") {
      quote = char;
      quotes[index] = quote;
    }
  }
  return (offset) => quotes[offset];
}

/**
 * Perl and PHP: `$f = 'system';` bound once, then used as `$f(…)`, `system($c)` or inside a
 * double-quoted string or backticks (which interpolate): each use becomes the value.
 */
function variables(code: string): string {
  const assignment = re(String.raw`(?:\bmy\s+|\blocal\s+|\bour\s+)?\$([A-Za-z_]\w*)\s*=\s*(§)\s*;`);
  let out = code;
  for (const [name, literal] of aliases(code, assignment)) {
    const text = value(literal);
    if (text === undefined) continue;
    const at = out.search(new RegExp(`\\$${name}\\s*=`));
    const end = at === -1 ? -1 : out.indexOf(";", at);
    if (end === -1) continue;
    const head = out.slice(0, end + 1);
    const tail = out.slice(end + 1);
    const quoted = quoteAt(tail);
    out =
      head +
      tail.replace(
        new RegExp(`\\$(?:${name}\\b|\\{${name}\\})(?!\\s*(?:[[{]|=[^=~]))`, "g"),
        (use: string, offset: number) => {
          const quote = quoted(offset);
          if (quote === "'") return use;
          return quote === undefined ? `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'` : text;
        },
      );
  }
  return out;
}

function perl(code: string, embedded: string[]): string {
  let out = variables(code);
  // `my @c = split / /, "a b"` and `my @c = ("a", "b")`: the array as a literal list.
  for (const match of out.matchAll(
    re(String.raw`\bmy\s+@(\w+)\s*=\s*split\s*\(?\s*/ /\s*,\s*(§)\s*\)?\s*;`),
  )) {
    const text = value(match[2]!);
    if (text === undefined) continue;
    const list = `(${text
      .split(" ")
      .map((word) => JSON.stringify(word))
      .join(", ")})`;
    out = out.replace(new RegExp(`@${match[1]}\\b(?!\\s*=)`, "g"), list);
  }
  out = rewrite(out, /\bopen3\s*\(\s*[^,()]+,\s*[^,()]+,\s*[^,()]+,\s*/g, () => "system(");
  out = rewrite(out, /\bopen2\s*\(\s*[^,()]+,\s*[^,()]+,\s*/g, () => "system(");
  out = rewrite(out, /\breadpipe\s*\(/g, () => "qx(");
  for (const match of out.matchAll(re(String.raw`\beval\s*\(?\s*(§)`))) pushLiteral(match[1]!, embedded);
  return out;
}

function php(code: string, embedded: string[]): string {
  let out = variables(code);
  out = rewrite(out, re(String.raw`\bcall_user_func\(\s*(§)\s*,\s*`), (name) => {
    const fn = value(name!);
    return identifier(fn) ? `${fn}(` : undefined;
  });
  out = rewrite(
    out,
    re(String.raw`\b(?:call_user_func_array|array_map)\(\s*(§)\s*,\s*(?:\[|array\()([^\]()]*)[\])]\s*\)`),
    (name, args) => {
      const fn = value(name!);
      return identifier(fn) ? `${fn}(${args})` : undefined;
    },
  );
  out = rewrite(
    out,
    re(String.raw`\(\s*new\s+ReflectionFunction\(\s*(§)\s*\)\s*\)\s*->\s*invoke(?:Args)?\(\s*\[?`),
    (name) => {
      const fn = value(name!);
      return identifier(fn) ? `${fn}(` : undefined;
    },
  );
  // A literal used as a function name after substitution: `'system'("…")`.
  out = rewrite(out, re(String.raw`(§)\s*\(`), (name) => {
    const fn = value(name!);
    return identifier(fn) ? `${fn}(` : undefined;
  });
  for (const match of out.matchAll(re(String.raw`\b(?:eval|assert)\(\s*(§)\s*\)`)))
    pushLiteral(match[1]!, embedded);
  return out;
}

function lua(code: string, embedded: string[]): string {
  let out = code;
  out = rewrite(out, re(String.raw`\brequire\s*\(?\s*(§)\s*\)?`), (name) => {
    const module = value(name!);
    return identifier(module) ? module : undefined;
  });
  out = rewrite(out, re(String.raw`\b_G\s*\[\s*(§)\s*\]`), (name) => {
    const global = value(name!);
    return identifier(global) ? global : undefined;
  });
  out = rewrite(out, re(String.raw`\b([A-Za-z_][\w.]*)\s*\[\s*(§)\s*\]`), (receiver, name) => {
    const field = value(name!);
    return identifier(field) ? `${receiver}.${field}` : undefined;
  });
  const bound = aliases(out, /\blocal\s+([A-Za-z_]\w*)\s*=\s*((?:os|io)\s*\.\s*\w+)\s*(?=[;\n]|$)/gm);
  for (const [name, target] of bound)
    out = out.replace(new RegExp(`(?<![\\w.])${name}(?=\\s*\\()`, "g"), target);
  for (const match of out.matchAll(re(String.raw`\b(?:load|loadstring)\s*\(\s*(§)`)))
    pushLiteral(match[1]!, embedded);
  return out;
}

export function normaliseReflection(code: string, language: Language): NormalisedCode {
  const embedded: string[] = [];
  const normalised = { python, node, ruby, perl, php, lua }[language](code, embedded);
  return { code: normalised, embedded };
}
