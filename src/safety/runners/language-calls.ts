import type { Nested } from "../normalize/nested.js";

/**
 * Languages whose programs reach the shell through a call or an escape rather than a process
 * module: R's `system("…")`/`system2("cmd", …)`, Julia's backtick commands and `run(…)`, Erlang's
 * `os:cmd("…")`, gnuplot's `system("…")`, Java's `Runtime.exec`/`ProcessBuilder`, and the line
 * escapes of REPL-style programs (`!cmd` in IPython, dc, lftp and gnuplot). Each call with a literal
 * command is judged as that shell text; one whose command is computed is a command only known at
 * run time. File removal through the language's own calls (`unlink(x, recursive = TRUE)`, Julia's
 * `rm(x; recursive=true)`) is judged as the matching `rm`.
 */
export type CallLanguage = "r" | "julia" | "erlang" | "gnuplot" | "java" | "ipython" | "bang";

interface Grammar {
  /** Calls whose first argument is shell text. */
  readonly shellCalls?: RegExp;
  /** Lines that start with one of these run the rest of the line in a shell. */
  readonly bang?: RegExp;
  /** Backtick-quoted commands (Julia's Cmd literals). */
  readonly backticks?: boolean;
  /** Calls that remove a path, with a pattern telling the recursive form. */
  readonly removes?: { readonly call: RegExp; readonly recursive: RegExp };
}

const STRING = String.raw`\s*(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)')`;

const GRAMMARS: Record<CallLanguage, Grammar> = {
  r: {
    shellCalls: /\b(?:system|system2|shell|pipe)\s*\(/g,
    removes: { call: /\b(?:unlink|file\.remove)\s*\(/g, recursive: /recursive\s*=\s*(?:TRUE|T)\b/ },
  },
  julia: {
    backticks: true,
    removes: { call: /\brm\s*\(/g, recursive: /recursive\s*=\s*true\b/ },
  },
  erlang: { shellCalls: /\bos\s*:\s*cmd\s*\(/g },
  gnuplot: { shellCalls: /\bsystem\s*\(/g, bang: /^\s*(?:!|shell\b)/ },
  java: { shellCalls: /(?:\.exec|\bProcessBuilder)\s*\(/g },
  ipython: { bang: /^\s*(?:!!?|%(?:sx|system|sc)\b)/ },
  bang: { bang: /^\s*!/ },
};

function unquote(match: RegExpExecArray | RegExpMatchArray): string {
  return (match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1");
}

/** The shell commands a program in one of these languages runs (text undefined: computed). */
export function languageCalls(language: CallLanguage, code: string, origin: string): Nested[] {
  const grammar = GRAMMARS[language];
  const found: Nested[] = [];
  const script = (text: string | undefined): void => {
    found.push({ kind: "script", text, origin });
  };
  if (grammar.bang) {
    for (const line of code.split(/\n|;/)) {
      const match = grammar.bang.exec(line);
      if (match) script(line.slice(match.index + match[0].length).trim());
    }
  }
  if (grammar.shellCalls) {
    for (const call of code.matchAll(new RegExp(grammar.shellCalls.source, "g"))) {
      const after = code.slice(call.index + call[0].length);
      const literal = new RegExp(`^${STRING}`).exec(after);
      if (!literal) {
        if (!/^\s*\)/.test(after)) script(undefined);
        continue;
      }
      // system2("rm", c("-rf", "~")) / system2("rm", "-rf ~"): the command and its arguments.
      const rest = after.slice(literal[0].length);
      const extra = /^\s*,\s*(?:c\s*\()?((?:\s*(?:"[^"]*"|'[^']*')\s*,?)+)/.exec(rest);
      const argv = extra
        ? [...extra[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((item) => item[1] ?? item[2])
        : [];
      script([unquote(literal), ...argv].join(" "));
    }
  }
  if (grammar.backticks) for (const match of code.matchAll(/`([^`]*)`/g)) script(match[1]!);
  if (grammar.removes) {
    for (const call of code.matchAll(new RegExp(grammar.removes.call.source, "g"))) {
      const after = code.slice(call.index + call[0].length);
      const statement = after.split("\n", 1)[0]!;
      const recursive = grammar.removes.recursive.test(statement);
      const literal = new RegExp(`^${STRING}`).exec(after);
      const home =
        /^\s*(?:homedir\(\)|path\.expand\(\s*["']~["']\s*\)|Sys\.getenv\(\s*["']HOME["']\s*\))/.test(after);
      // A computed path is the language's ordinary cleanup (`unlink(tmp)`) unless it is recursive.
      if (!literal && !home) {
        if (recursive) script(undefined);
        continue;
      }
      const value = home ? "~" : unquote(literal!);
      // A leading `~` stays the home (R expands it; reading it so for every language errs strict).
      const tilde = /^~(?=\/|$)/.test(value) ? "~" : "";
      const path = `${tilde}'${value.slice(tilde.length).replaceAll("'", "'\\''")}'`;
      script(`rm ${recursive ? "-rf " : ""}${path}`);
    }
  }
  return found;
}
