import { UNKNOWN } from "../extract/expanded-word.js";

/**
 * What a program compiled from source this command wrote does when it runs, written as the shell
 * text that does the same: its process calls (`system`, `popen`, the `exec` family, Go's
 * `exec.Command`, Rust's `Command::new`, Java's `ProcessBuilder` and `Runtime.exec`) and its file
 * deletions and writes with literal arguments. A call whose argument is not a literal, a foreign or
 * raw system call (`dlopen`, `syscall`, inline assembly, cgo, `libc::`) makes the program's effect
 * computed: the text is UNKNOWN, so running it is write-then-run with computed content.
 */
export type SourceLanguage = "c" | "go" | "rust" | "java";

export function sourceLanguage(path: string): SourceLanguage | undefined {
  if (/\.(c|cc|cpp|cxx|c\+\+|C|h|hpp|m|mm)$/.test(path)) return "c";
  if (/\.go$/.test(path)) return "go";
  if (/\.rs$/.test(path)) return "rust";
  if (/\.java$/.test(path)) return "java";
  return undefined;
}

function quoted(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** One double-quoted literal in C, Go, Rust or Java syntax (adjacent C literals are joined). */
const LITERAL = /"((?:\\.|[^"\\\n])*)"/y;

function unescapeLiteral(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_, sequence: string) => {
    if (sequence.startsWith("x")) return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
    if (/^[0-7]/.test(sequence)) return String.fromCharCode(Number.parseInt(sequence, 8));
    return ({ n: "\n", t: "\t", r: "\r", "0": "\0" } as Record<string, string>)[sequence] ?? sequence;
  });
}

/**
 * The arguments of the call whose `(` is at `open`: each a literal string, `null` for C's NULL, or
 * undefined when any argument is computed. `nested` arrays (`&["a", "b"]`, `{"a", "b"}`) are spread.
 */
function literalArguments(code: string, open: number): (string | null)[] | undefined {
  const values: (string | null)[] = [];
  let index = open + 1;
  const skip = () => {
    while (/[\s&[\]{}]/.test(code[index] ?? "") || code.startsWith("new String", index)) {
      index += code.startsWith("new String", index) ? 10 : 1;
    }
  };
  for (;;) {
    skip();
    if (code[index] === ")") return values;
    const nothing = /^(NULL|nullptr|\(char\s*\*\)\s*(?:NULL|0)|0)\b/.exec(code.slice(index, index + 24));
    if (nothing) {
      values.push(null);
      index += nothing[0].length;
    } else {
      let value: string | undefined;
      for (;;) {
        LITERAL.lastIndex = index;
        const match = LITERAL.exec(code);
        if (!match) break;
        value = (value ?? "") + unescapeLiteral(match[1]!);
        index = LITERAL.lastIndex;
        while (/\s/.test(code[index] ?? "")) index += 1;
        // `"a" + "b"` in Go, Rust's concat is a macro: join plain `+` of literals too.
        if (code[index] === "+" && code[index + 1] !== "+") {
          index += 1;
          while (/\s/.test(code[index] ?? "")) index += 1;
        }
      }
      if (value === undefined) return undefined;
      values.push(value);
    }
    skip();
    if (code[index] === ",") index += 1;
    else if (code[index] === ")") return values;
    else return undefined;
  }
}

interface Call {
  readonly pattern: RegExp;
  /** The shell text for the call's literal arguments (undefined: not expressible). */
  readonly shell: (args: readonly (string | null)[]) => string | undefined;
}

const strings = (args: readonly (string | null)[]) => args.filter((arg): arg is string => arg !== null);

const argv = (args: readonly (string | null)[]) => {
  const words = strings(args);
  return words.length === 0 ? undefined : words.map(quoted).join(" ");
};
/** `execl(path, arg0, arg…, NULL)`: the program is the path, arg0 is only its name. */
const execl = (args: readonly (string | null)[]) => {
  const [path, , ...rest] = args.slice(0, args.indexOf(null) === -1 ? undefined : args.indexOf(null));
  return typeof path === "string" ? [path, ...strings(rest)].map(quoted).join(" ") : undefined;
};
const remove = (flags: string) => (args: readonly (string | null)[]) => {
  const [path] = strings(args);
  return path === undefined ? undefined : `rm ${flags}-- ${quoted(path)}`;
};
const write = (args: readonly (string | null)[]) => {
  const [path] = strings(args);
  return path === undefined ? undefined : `: > ${quoted(path)}`;
};
const rename = (args: readonly (string | null)[]) => {
  const [from, to] = strings(args);
  return from === undefined || to === undefined ? undefined : `mv -- ${quoted(from)} ${quoted(to)}`;
};
const first = (args: readonly (string | null)[]) => strings(args)[0];

const CALLS: Record<SourceLanguage, readonly Call[]> = {
  c: [
    { pattern: /\b(?:std\s*::\s*)?(?:system|popen)\s*\(/g, shell: first },
    { pattern: /\bexecl[pe]?\s*\(/g, shell: execl },
    { pattern: /\b(?:unlink|remove|std::filesystem::remove|std::remove)\s*\(/g, shell: remove("-f ") },
    {
      pattern: /\b(?:rmdir)\s*\(/g,
      shell: (args) => (first(args) ? `rmdir -- ${quoted(first(args)!)}` : undefined),
    },
    { pattern: /\b(?:std::filesystem::)?remove_all\s*\(/g, shell: remove("-rf ") },
    { pattern: /\brename\s*\(/g, shell: rename },
    { pattern: /\b(?:fopen|creat|truncate)\s*\(/g, shell: write },
  ],
  go: [
    { pattern: /\bexec\s*\.\s*Command\s*\(/g, shell: argv },
    {
      pattern: /\bexec\s*\.\s*CommandContext\s*\(\s*[\w.()]+\s*,/g,
      shell: argv,
    },
    { pattern: /\bos\s*\.\s*RemoveAll\s*\(/g, shell: remove("-rf ") },
    { pattern: /\bos\s*\.\s*Remove\s*\(/g, shell: remove("-f ") },
    { pattern: /\bos\s*\.\s*Rename\s*\(/g, shell: rename },
    { pattern: /\bos\s*\.\s*(?:WriteFile|Create|Truncate)\s*\(/g, shell: write },
  ],
  rust: [
    { pattern: /\bCommand\s*::\s*new\s*\(/g, shell: argv },
    { pattern: /\.\s*args?\s*\(/g, shell: argv },
    { pattern: /\bfs\s*::\s*remove_dir_all\s*\(/g, shell: remove("-rf ") },
    { pattern: /\bfs\s*::\s*remove_(?:file|dir)\s*\(/g, shell: remove("-f ") },
    { pattern: /\bfs\s*::\s*rename\s*\(/g, shell: rename },
    { pattern: /\b(?:fs\s*::\s*write|File\s*::\s*create)\s*\(/g, shell: write },
  ],
  java: [
    { pattern: /\bnew\s+ProcessBuilder\s*\(/g, shell: argv },
    { pattern: /\.\s*command\s*\(/g, shell: argv },
    { pattern: /\bRuntime\s*\.\s*getRuntime\s*\(\s*\)\s*\.\s*exec\s*\(/g, shell: first },
    {
      pattern: /\bFiles\s*\.\s*(?:delete|deleteIfExists)\s*\(\s*(?:Paths?\s*\.\s*(?:get|of)\s*\()?/g,
      shell: remove("-f "),
    },
  ],
};

/** Calls that reach any process or file effect without a name the gate can read. */
const OPAQUE: Record<SourceLanguage, RegExp> = {
  c: /\b(?:dlopen|dlsym|syscall|execv|execvp|execvpe|execve|fexecve|posix_spawnp?|__asm__|asm|LoadLibrary\w*|CreateProcess\w*|ShellExecute\w*|WinExec|nftw|ftw|unlinkat|renameat2?)\s*\(/,
  go: /\b(?:syscall\s*\.\s*(?:Exec|ForkExec|Syscall\w*|StartProcess)|os\s*\.\s*StartProcess|plugin\s*\.\s*Open|unix\s*\.\s*(?:Exec|Syscall\w*))\b|import\s+"C"|\breflect\s*\./,
  rust: /\b(?:libc\s*::\s*\w+|libloading|extern\s+"C"|asm!|global_asm!|dlopen|CommandExt)\b/,
  java: /\b(?:System\s*\.\s*(?:load|loadLibrary)|Class\s*\.\s*forName|getMethod|ScriptEngine\w*|MethodHandles?)\b/,
};

/** Comments out of the way (a call in a comment does not run); strings are kept. */
function withoutComments(code: string): string {
  return code.replace(/"(?:\\.|[^"\\\n])*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match) =>
    match.startsWith('"') ? match : " ",
  );
}

/**
 * The shell text equivalent to running a program built from `code`, or UNKNOWN when what it runs
 * or changes is computed. The Rust and Java builders are read call by call (`Command::new("sudo")`
 * then `.arg("id")` become one command).
 */
export function compiledEffects(code: string, language: SourceLanguage): string {
  const source = withoutComments(code);
  if (OPAQUE[language].test(source)) return UNKNOWN;
  const found: { at: number; text: string; chained: boolean }[] = [];
  // `.arg(…)`/`.command(…)` belong to a process builder only when the program makes one.
  const builder = /\bCommand\s*::\s*new\s*\(|\bnew\s+ProcessBuilder\s*\(/.exec(source)?.index;
  for (const call of CALLS[language]) {
    for (const match of source.matchAll(call.pattern)) {
      const open = match.index + match[0].length - 1;
      const chained = /^\.\s*(?:args?|command)\s*\($/.test(match[0]);
      if (chained && (builder === undefined || match.index < builder)) continue;
      // `fopen(path, "r")` reads; only a write mode changes the file.
      if (/^(?:fopen)/.test(match[0])) {
        const args = literalArguments(source, open);
        if (args && !/[wa+]/.test(args[1] ?? "")) continue;
      }
      const args = literalArguments(source, open);
      if (args === undefined) return UNKNOWN;
      const text = call.shell(args);
      if (text === undefined) {
        if (chained) continue;
        return UNKNOWN;
      }
      found.push({ at: match.index, text, chained });
    }
  }
  found.sort((left, right) => left.at - right.at);
  const lines: string[] = [];
  for (const item of found) {
    if (item.chained && lines.length > 0) lines[lines.length - 1] += ` ${item.text}`;
    else if (!item.chained) lines.push(item.text);
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
