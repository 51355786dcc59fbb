import type { ExpandedWord, Span } from "./expanded-word.js";

/** Where a command's standard input comes from, when not the inherited terminal. */
export interface Stdin {
  readonly origin: "pipe" | "heredoc" | "herestring" | "file";
  /** The data as far as it can be known without running anything (UNKNOWN marks holes); undefined when unknown. */
  read(): string | undefined;
  /**
   * The data with each unknown part of a sequence (`(crontab -l; echo …)`) as one UNKNOWN line, for
   * consumers that judge line by line; absent: same as read().
   */
  readLines?(): string | undefined;
}

export interface Assignment {
  readonly name: string;
  readonly value: ExpandedWord;
  /** True when the value reaches a child's environment (prefix assignment, `export`, `env X=…`). */
  readonly exported: boolean;
  readonly span: Span;
}

export interface Redirect {
  /** `>`, `>>`, `&>`, `>|`, `<>`, `<`, `>&`, … */
  readonly operator: string;
  readonly descriptor: number | undefined;
  readonly target: ExpandedWord | undefined;
  readonly span: Span;
}

/** One simple command as the shell would run it: argv after expansion, environment, redirects, stdin. */
export interface Invocation {
  readonly words: readonly ExpandedWord[];
  readonly assignments: readonly Assignment[];
  readonly redirects: readonly Redirect[];
  readonly stdin: Stdin | undefined;
  readonly span: Span;
  /** Set by `find … -exec`: `{}` operands stand for every file below the named start points. */
  readonly treeOperands?: boolean;
  /** The wrappers this command was found inside, outermost first (`sudo`, `timeout`…). */
  readonly via?: readonly string[];
}

const WRITING = new Set([">", ">>", "&>", "&>>", ">|", "<>", ">&"]);

/** Redirects that open their target for writing (a `>&N` duplication of a descriptor is not one). */
export function writesTarget(redirect: Redirect): boolean {
  if (!WRITING.has(redirect.operator)) return false;
  if (redirect.operator === ">&")
    return redirect.target !== undefined && !/^\d+-?$|^-$/.test(redirect.target.value);
  return true;
}

export function knownStdin(origin: Stdin["origin"], text: string | undefined): Stdin {
  return { origin, read: () => text };
}

export function lazyStdin(
  origin: Stdin["origin"],
  compute: () => string | undefined,
  computeLines?: () => string | undefined,
): Stdin {
  let done = false;
  let value: string | undefined;
  const stdin: Stdin = {
    origin,
    read() {
      if (!done) {
        done = true;
        value = compute();
      }
      return value;
    },
  };
  if (!computeLines) return stdin;
  let linesDone = false;
  let lines: string | undefined;
  return {
    ...stdin,
    readLines() {
      if (!linesDone) {
        linesDone = true;
        lines = stdin.read() ?? computeLines();
      }
      return lines;
    },
  };
}

/** A consumer's line-by-line view of its input (see Stdin.readLines). */
export function readInputLines(stdin: Stdin | undefined): string | undefined {
  return stdin?.readLines ? stdin.readLines() : stdin?.read();
}
