import { HOME_PATH, literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import type { Language } from "./inline-code.js";
import { insideStrings, readArguments, readLiteral } from "./string-literals.js";

const CALLS: Record<Language, RegExp> = {
  python:
    /(?:\b(?:os|subprocess|pty|commands|asyncio)\s*\.\s*|__import__\(\s*["'](?:os|subprocess)["']\s*\)\s*\.\s*|(?<![.\w]))(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|run|call|check_call|check_output|Popen|getoutput|getstatusoutput|spawn|create_subprocess_(?:shell|exec))\s*\(/g,
  perl: /(?<![\w$@%>-])(?:system|exec|qx)\b\s*(?=[("'{[])|(?<![\w$@%>-])(?:system|exec)\s+(?=["'])/g,
  ruby: /(?<![\w.])(?:system|exec|spawn|Kernel\.(?:system|exec|spawn)|IO\.popen|Open3\.\w+|Process\.spawn|%x)\s*[({]?/g,
  node: /\b(?:execSync|exec|execFile|execFileSync|spawn|spawnSync|fork|\$)\s*\(/g,
  php: /\b(?:shell_exec|system|exec|passthru|popen|proc_open|pcntl_exec)\s*\(/g,
  lua: /\b(?:os\.execute|io\.popen)\s*\(/g,
};

function computed(origin: string): RuleHit {
  return {
    rule: "dynamic.interpreter-command",
    severity: "dynamic",
    reason: `${origin} runs a command built at run time, so it cannot be checked; pass the command as a literal string or run it directly in the shell.`,
  };
}

/**
 * The commands inline code starts through a process API (`os.system`, `subprocess.run([...])`,
 * `system()`, `child_process.execSync`, backticks): literal strings become shell text, literal lists argv.
 */
export function processCalls(
  source: string,
  language: Language,
  origin: string,
  invocation: Invocation,
): { nested: Nested[]; hits: RuleHit[] } {
  let code = source;
  const nested: Nested[] = [];
  const hits: RuleHit[] = [];
  if (language === "python") {
    // `import subprocess as s` → read `s.Popen` as `subprocess.Popen`.
    for (const match of code.matchAll(/\bimport\s+(os|subprocess|pty)\s+as\s+(\w+)/g)) {
      code = code.replace(new RegExp(`\\b${match[2]}\\s*\\.`, "g"), `${match[1]}.`);
    }
  }
  const pattern = new RegExp(CALLS[language].source, "g");
  if (language === "node" && !/child_process|execa|zx|\bBun\.spawn|Deno\.(run|Command)/.test(code)) {
    // Without child_process in sight, exec/spawn are someone else's functions.
  } else {
    const quoted = insideStrings(code);
    for (const match of code.matchAll(pattern)) {
      if (quoted(match.index)) continue;
      const callee = match[0];
      const start = match.index + callee.length;
      const { literals, complete, list } = readArguments(code, start);
      // A bare `run(`/`system(` may be anyone's function: only a literal command counts then.
      const qualified =
        language !== "python" ||
        /\.|__import__/.test(callee) ||
        /\bfrom\s+(os|subprocess|pty)\s+import\b/.test(code);
      if (literals.length === 0 || literals[0]!.interpolated) {
        if (qualified && !/^\s*\)/.test(code.slice(start))) hits.push(computed(origin));
        continue;
      }
      if (!qualified) continue;
      // The language's home expressions were folded to `~…` (fold-strings.ts), which an argv element
      // would not expand: read it as the home the expression gave.
      const word = (value: string) =>
        literalWord(/^~(\/|$)/.test(value) ? HOME_PATH + value.slice(1) : value, invocation.span);
      let argv: string[] | undefined;
      if (list) argv = literals.map((literal) => literal.value);
      else if (/exec[lv]|posix_spawn|spawn[lv]/.test(callee)) {
        const array = readArguments(code, literals[0]!.end + 1);
        argv = array.list
          ? array.literals.map((literal) => literal.value)
          : literals.slice(1).map((literal) => literal.value);
      } else if (
        /execFile|spawn|fork|Popen|run|call|check_|create_subprocess_exec|Process\.spawn/.test(callee)
      ) {
        const array = readArguments(code, literals[0]!.end + 1);
        if (array.list) argv = [literals[0]!.value, ...array.literals.map((literal) => literal.value)];
      } else if (literals.length > 1 && (language === "perl" || language === "ruby")) {
        argv = literals.map((literal) => literal.value);
      }
      if (argv && argv.length > 0) {
        nested.push({
          kind: "invocation",
          via: origin,
          invocation: {
            ...invocation,
            redirects: [],
            stdin: undefined,
            words: argv.map(word),
            via: [...(invocation.via ?? []), origin],
          },
        });
      } else if (complete || literals.length > 0) {
        nested.push({ kind: "script", text: literals[0]!.value, origin });
      }
    }
  }
  if (language === "perl" || language === "ruby" || language === "php") {
    for (const match of code.matchAll(/`([^`]*)`/g)) {
      if (/[$#]\{|\$[A-Za-z_]/.test(match[1]!)) hits.push(computed(origin));
      else nested.push({ kind: "script", text: match[1]!, origin });
    }
    for (const match of code.matchAll(/(?:qx|%x)\s*([({[<|!/])/g)) {
      const open = match[1]!;
      const close = { "(": ")", "{": "}", "[": "]", "<": ">" }[open] ?? open;
      const end = code.indexOf(close, match.index + match[0].length);
      if (end !== -1)
        nested.push({ kind: "script", text: code.slice(match.index + match[0].length, end), origin });
    }
  }
  if (language === "perl") {
    for (const match of code.matchAll(/\bopen\s*\(?\s*[\w$]+\s*,\s*/g)) {
      const literal = readLiteral(code, match.index + match[0].length);
      if (literal && /\|\s*$|^\s*\|/.test(literal.value))
        nested.push({ kind: "script", text: literal.value.replace(/^\s*\||\|\s*$/g, ""), origin });
      else if (literal?.value === "-|" || literal?.value === "|-") {
        const next = readArguments(code, literal.end + 1);
        if (next.literals.length > 0)
          nested.push({ kind: "script", text: next.literals.map((item) => item.value).join(" "), origin });
      }
    }
  }
  return { nested, hits };
}
