import type { Invocation } from "../extract/invocation.js";

export type Language = "python" | "perl" | "ruby" | "node" | "php" | "lua";

export const INTERPRETERS = [
  "python",
  "python2",
  "python3",
  "pypy",
  "pypy3",
  "perl",
  "ruby",
  "node",
  "nodejs",
  "bun",
  "deno",
  "php",
  "lua",
  "luajit",
];

export function languageOf(name: string): Language | undefined {
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(name)) return "python";
  if (/^perl(\d+(\.\d+)*)?$/.test(name)) return "perl";
  if (/^ruby(\d+(\.\d+)*)?$/.test(name) || name === "irb") return "ruby";
  if (name === "node" || name === "nodejs" || name === "bun" || name === "deno") return "node";
  if (/^php(\d+(\.\d+)*)?$/.test(name)) return "php";
  if (name === "lua" || name === "luajit") return "lua";
  return undefined;
}

export interface InlineCode {
  /** The program text; undefined when it comes from stdin whose content is unknown. */
  readonly code: string | undefined;
  readonly origin: string;
  /** The file operand the program was read from (`python3 x.py`), when it came from one. */
  readonly file?: string;
}

const CODE_FLAGS: Record<Language, { code: string; withArgument: string; long: readonly string[] }> = {
  python: { code: "c", withArgument: "WXm", long: [] },
  perl: { code: "eE", withArgument: "MmIil0xdDC", long: [] },
  ruby: { code: "e", withArgument: "rICEFx", long: [] },
  node: { code: "ep", withArgument: "r", long: ["--eval", "--print"] },
  php: { code: "r", withArgument: "cdfz", long: [] },
  lua: { code: "e", withArgument: "l", long: [] },
};

/** Options that load a module file before the program runs (`node -r ./x.js`, `ruby -r./x.rb`). */
const PRELOAD_OPTIONS: Partial<Record<Language, RegExp>> = {
  node: /^(-r|--require|--import)$/,
  ruby: /^-r$/,
};

/**
 * The inline program an interpreter runs: `-c`/`-e` text (clusters like `-ne` too) or stdin, and with
 * `fileText` a script file or preloaded module this command wrote earlier (`python3 /tmp/x.py`).
 */
export function inlineCode(
  name: string,
  language: Language,
  invocation: Invocation,
  fileText: (path: string) => string | undefined = () => undefined,
): InlineCode[] {
  const args = invocation.words.slice(1).map((word) => word.value);
  const flags = CODE_FLAGS[language];
  const pieces: string[] = [];
  let operand: string | undefined;
  if (name === "deno" && args[0] === "eval") return [{ code: args[1] ?? "", origin: "deno eval" }];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!;
    if (value === "--" || value === "-") {
      operand = value === "-" ? "-" : args[index + 1];
      break;
    }
    if (value.startsWith("--")) {
      const [option, attached] = value.split("=", 2) as [string, string | undefined];
      if (flags.long.includes(option)) {
        pieces.push(attached ?? args[index + 1] ?? "");
        if (attached === undefined) index += 1;
      }
      continue;
    }
    if (!value.startsWith("-")) {
      operand = value;
      break;
    }
    for (let position = 1; position < value.length; position += 1) {
      const letter = value[position]!;
      if (flags.code.includes(letter)) {
        const rest = value.slice(position + 1);
        pieces.push(rest !== "" ? rest : (args[index + 1] ?? ""));
        if (rest === "") index += 1;
        break;
      }
      if (language === "python" && letter === "m") return [];
      if (flags.withArgument.includes(letter)) {
        if (position === value.length - 1) index += 1;
        break;
      }
    }
    if (language === "python" && pieces.length > 0) break;
  }
  const preload = PRELOAD_OPTIONS[language];
  const preloaded: InlineCode[] = [];
  if (preload) {
    args.forEach((value, index) => {
      const file = preload.test(value)
        ? args[index + 1]
        : language === "ruby" && /^-r./.test(value)
          ? value.slice(2)
          : undefined;
      const code = file === undefined ? undefined : fileText(file);
      if (code !== undefined) preloaded.push({ code, origin: `${name} ${value} ${file}` });
    });
  }
  if (pieces.length > 0)
    return [
      ...preloaded,
      { code: pieces.join("\n"), origin: `${name} ${language === "python" ? "-c" : "-e"}` },
    ];
  if (operand !== undefined && operand !== "-" && !/^\/dev\/(stdin|fd\/0)$/.test(operand)) {
    const code = fileText(operand);
    return code === undefined
      ? preloaded
      : [...preloaded, { code, origin: `${name} ${operand}`, file: operand }];
  }
  if (!invocation.stdin) return [];
  return [{ code: invocation.stdin.read(), origin: `a program piped into ${name}` }];
}
