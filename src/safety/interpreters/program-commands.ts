import { type ExpandedWord, UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Nested } from "../normalize/nested.js";
import { mutationCommands } from "./mutations.js";

/**
 * Programs that run shell commands named in their arguments or their input, beyond the interpreters:
 * `socat … EXEC:/SYSTEM:`, database shells' `.shell`/`\!`, `split --filter`, `zip -TT`, `ed`'s `!`,
 * `rpm --eval '%(…)'`, Tcl (`tclsh`, `wish`, `expect`: `exec`, `spawn`, `system`, `open "|…"`) and
 * Java's `jrunscript` (`Runtime.exec`, `exec()`). From GTFOBins' "shell" and "command" functions.
 */

function script(text: string | undefined, origin: string): Nested {
  return { kind: "script", text, origin };
}

function valuesOf(args: readonly ExpandedWord[], names: readonly string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    for (const name of names) {
      if (value === name && args[index + 1]) found.push(args[index + 1]!.value);
      else if (name.startsWith("--") && value.startsWith(`${name}=`))
        found.push(value.slice(name.length + 1));
      else if (!name.startsWith("--") && value.startsWith(name) && value.length > name.length)
        found.push(value.slice(name.length));
    }
  }
  return found;
}

/** socat's `EXEC:cmd args,opts` (argv) and `SYSTEM:text,opts` (shell text) addresses. */
function socatCommands(args: readonly ExpandedWord[]): Nested[] {
  return args.flatMap((word) => {
    const match = /^(exec|system):(.*)$/is.exec(word.value);
    if (!match) return [];
    // Options follow the first unescaped comma.
    const text = match[2]!.split(/(?<!\\),/)[0]!.replaceAll("\\,", ",");
    return [script(text, `socat ${match[1]!.toUpperCase()}:`)];
  });
}

/** Lines of a client's input or `-c`/`-e` text that escape to the shell (`\! cmd`, `.shell cmd`). */
function escapedLines(text: string, pattern: RegExp, origin: string): Nested[] {
  return text.split("\n").flatMap((line) => {
    const match = pattern.exec(line.trim());
    return match ? [script(match[1]!, origin)] : [];
  });
}

const TCL_COMMANDS = /(?:^|[;\n[{]\s*)(exec|spawn|system)\s+([^;\n\]}]*)|\bopen\s+["{]\|([^"}]*)["}]/g;

/**
 * Tcl values the program sets once and then expands: `set c {sudo id}; exec {*}$c` runs `sudo id`;
 * `[string reverse {…}]` of a literal is folded.
 */
function tclValues(code: string): string {
  let out = code.replace(
    /\[string\s+reverse\s+(?:\{([^{}]*)\}|"([^"]*)")\]/g,
    (_whole, braced, quoted) => `{${[...((braced ?? quoted) as string)].reverse().join("")}}`,
  );
  const counts = new Map<string, number>();
  for (const match of out.matchAll(/\bset\s+(\w+)\s/g))
    counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  for (const match of out.matchAll(/\bset\s+(\w+)\s+(?:\{([^{}]*)\}|"([^"$[]*)"|([^\s;\]$[]+))/g)) {
    if (counts.get(match[1]!) !== 1) continue;
    const value = match[2] ?? match[3] ?? match[4]!;
    out = out.replace(new RegExp(`(?:\\{\\*\\})?\\$(?:${match[1]}\\b|\\{${match[1]}\\})`, "g"), value);
  }
  return out.replace(/\{\*\}\{([^{}]*)\}/g, "$1");
}

/** The commands a Tcl or expect program starts; braces are Tcl's single quotes. */
function tclCommands(given: string | undefined, origin: string, invocation: Invocation): Nested[] {
  if (given === undefined) return [script(undefined, origin)];
  const code = tclValues(given);
  const found: Nested[] = [...mutationCommands(code, "tcl", origin, invocation)];
  for (const match of code.matchAll(TCL_COMMANDS)) {
    const words = (match[2] ?? match[3] ?? "").replace(/\s*(?:2>@1|>&@stdout|<@stdin|&)\s*$/, "");
    found.push(script(words.replace(/\{([^{}]*)\}/g, "'$1'"), origin));
  }
  return found;
}

const JAVA_EXEC = /(?:\.exec|\bexec|\bProcessBuilder)\s*\(\s*(?:"((?:\\.|[^"])*)"|'((?:\\.|[^'])*)')?/g;

/** The commands a program for `jrunscript`/`jjs` starts through `Runtime.exec` or the `exec()` built-in. */
function javaScriptCommands(code: string, origin: string): Nested[] {
  return [...code.matchAll(JAVA_EXEC)].map((match) => script(match[1] ?? match[2], origin));
}

/** The package scripts `npm test`, `npm run x`, `yarn x`, `npm install` run, with their pre/post hooks. */
function packageScriptNames(name: string, values: readonly string[]): string[] {
  const operands = values.filter((value) => !value.startsWith("-"));
  const [sub, target] = operands;
  const around = (script: string) => [`pre${script}`, script, `post${script}`];
  if (sub === undefined) return name === "yarn" || name === "pnpm" || name === "bun" ? around("install") : [];
  if (sub === "run" || sub === "run-script" || sub === "rum" || sub === "urn")
    return target === undefined ? [] : around(target);
  if (["test", "t", "tst", "start", "stop", "restart"].includes(sub))
    return around(sub === "t" || sub === "tst" ? "test" : sub);
  if (["install", "i", "ci", "add"].includes(sub) && (operands.length === 1 || sub === "ci"))
    return [...around("install"), ...around("prepare")];
  // `yarn build`, `pnpm lint`, `bun dev`: a bare script name.
  return name !== "npm" &&
    !["add", "remove", "upgrade", "why", "info", "dlx", "exec", "create", "init"].includes(sub)
    ? around(sub)
    : [];
}

function packageScripts(
  name: string,
  values: readonly string[],
  fileText: (word: ExpandedWord) => string | undefined,
  carrier: ExpandedWord,
): Nested[] {
  const names = packageScriptNames(name, values);
  if (names.length === 0) return [];
  const text = fileText({
    ...carrier,
    value: "package.json",
    source: "package.json",
    dynamic: false,
    glob: false,
  });
  if (text === undefined) return [];
  // package.json written with content only known at run time: its scripts are computed.
  const computed: Nested = {
    kind: "script",
    text: undefined,
    origin: `${name} ${values[0] ?? ""}`,
    written: "package.json",
  };
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
  } catch {
    return text.includes(UNKNOWN) ? [computed] : [];
  }
  if (typeof scripts !== "object" || scripts === null) return [];
  return names.flatMap((script) => {
    const command = (scripts as Record<string, unknown>)[script];
    return typeof command === "string"
      ? [
          {
            kind: "script",
            text: command,
            origin: `the package script '${script}'`,
            written: "package.json",
          } as const,
        ]
      : [];
  });
}

function stdinText(invocation: Invocation): string | undefined {
  return invocation.stdin?.read();
}

/** The shell commands `name` runs because of its arguments or input; [] for other programs. */
export function programCommands(
  name: string,
  invocation: Invocation,
  fileText: (word: ExpandedWord) => string | undefined,
): Nested[] {
  const args = invocation.words.slice(1);
  const values = args.map((word) => word.value);
  switch (name) {
    case "npm":
    case "yarn":
    case "pnpm":
    case "bun":
      return invocation.words[0] ? packageScripts(name, values, fileText, invocation.words[0]) : [];
    case "socat":
      return socatCommands(args);
    case "psql":
    case "mysql":
    case "mariadb": {
      const option = name === "psql" ? ["-c", "--command"] : ["-e", "--execute"];
      const input = invocation.stdin ? stdinText(invocation) : undefined;
      return escapedLines(
        [...valuesOf(args, option), input ?? ""].join("\n"),
        name === "psql" ? /^\\!\s*(.+)$/s : /^(?:\\!|system)\s+(.+)$/s,
        `${name} shell escape`,
      );
    }
    case "gcc":
    case "g++":
    case "cc":
    case "c++": {
      // `-wrapper PROG,ARG…` runs each compiler stage as `PROG ARG… STAGE …`.
      return valuesOf(args, ["-wrapper"]).map((list) =>
        script(
          list
            .split(",")
            .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
            .join(" "),
          "gcc -wrapper",
        ),
      );
    }
    case "zip":
      return values.some((value) => /^(-[a-zA-Z]*T[a-zA-Z]*|--test)$/.test(value))
        ? valuesOf(args, ["-TT", "--unzip-command"]).map((text) => script(text, "zip -TT"))
        : [];
    case "rpm":
    case "rpmquery":
    case "rpmspec":
      return valuesOf(args, ["--eval", "-E"]).flatMap((text) => [
        ...[...text.matchAll(/%\(([^)]*)\)/g)].map((match) => script(match[1]!, "rpm --eval %(…)")),
        ...[
          ...text.matchAll(/\b(?:os\.execute|io\.popen)\s*\(\s*(?:"((?:\\.|[^"])*)"|'((?:\\.|[^'])*)')?/g),
        ].map((match) => script(match[1] ?? match[2], "rpm --eval %{lua:…}")),
      ]);
    case "tclsh":
    case "wish":
    case "expect":
    case "expectk": {
      const inline = valuesOf(args, ["-c"]);
      if (inline.length > 0) return tclCommands(inline.join("\n"), `${name} -c`, invocation);
      const operand = args.find(
        (word, index) => !word.value.startsWith("-") && args[index - 1]?.value !== "-f",
      );
      const file = args[values.indexOf("-f") + 1] ?? operand;
      if (file && file.value !== "-") {
        const text = fileText(file);
        return text === undefined ? [] : tclCommands(text, `${name} ${file.value}`, invocation);
      }
      return invocation.stdin
        ? tclCommands(stdinText(invocation), `a program piped into ${name}`, invocation)
        : [];
    }
    case "jrunscript":
    case "jjs": {
      const code = valuesOf(args, ["-e"]).join("\n");
      if (code !== "") return javaScriptCommands(code, `${name} -e`);
      if (!invocation.stdin) return [];
      const input = stdinText(invocation);
      return input === undefined ? [script(undefined, name)] : javaScriptCommands(input, name);
    }
    default:
      return [];
  }
}
