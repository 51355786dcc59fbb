import { HOME_PATH, literalWord, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Nested } from "../normalize/nested.js";
import type { Language } from "./inline-code.js";
import { insideStrings, readArguments } from "./string-literals.js";

/**
 * File-system mutation by library call, judged as the shell command that does the same: Python's
 * `os.remove(p)` is `rm -f p`, `os.rename(a, b)` is `mv a b`, `os.chmod(p, 0o777)` is `chmod 777 p`,
 * Node's `fs.truncateSync(p)` is `truncate -s 0 p`, PHP's `file_put_contents(p, …)` is `: > p`. The
 * equivalent command then meets the same rules as when it is typed (system files, the home, devices),
 * so a library call is neither more nor less allowed than the command it amounts to.
 */

type Action = "remove" | "recursive" | "move" | "copy" | "chmod" | "chown" | "truncate" | "write";

interface Mutation {
  readonly call: RegExp;
  readonly action: Action;
  /** For chmod/chown/truncate: which argument is the path (0) and which the mode/owner/size. */
  readonly pathIndex?: number;
}

const m = (call: RegExp, action: Action, pathIndex?: number): Mutation => ({
  call,
  action,
  ...(pathIndex === undefined ? {} : { pathIndex }),
});

const MUTATIONS: Record<Language | "tcl", readonly Mutation[]> = {
  python: [
    m(/\b(?:os|posix)\s*\.\s*(?:remove|unlink)\s*\(/g, "remove"),
    m(/\b(?:os\s*\.\s*(?:rename|replace|renames)|shutil\s*\.\s*move)\s*\(/g, "move"),
    m(/\bshutil\s*\.\s*copy(?:file|2|fileobj)?\s*\(/g, "copy"),
    m(/\bos\s*\.\s*l?chmod\s*\(/g, "chmod"),
    m(/\bos\s*\.\s*l?chown\s*\(/g, "chown"),
    m(/\bos\s*\.\s*truncate\s*\(/g, "truncate"),
    m(/\b(?:pathlib\s*\.\s*)?(?:Pure)?(?:Posix)?Path\s*\(\s*(?=["'])/g, "remove"),
  ],
  node: [
    m(/\.\s*(?:unlink|unlinkSync)\s*\(/g, "remove"),
    m(/\.\s*(?:rename|renameSync)\s*\(/g, "move"),
    m(/\.\s*(?:copyFile|copyFileSync|cp|cpSync)\s*\(/g, "copy"),
    m(/\.\s*(?:chmod|chmodSync|lchmod|lchmodSync)\s*\(/g, "chmod"),
    m(/\.\s*(?:chown|chownSync|lchown|lchownSync)\s*\(/g, "chown"),
    m(/\.\s*(?:truncate|truncateSync)\s*\(/g, "truncate"),
  ],
  ruby: [
    m(/\b(?:File\s*\.\s*(?:delete|unlink)|FileUtils\s*\.\s*(?:rm|rm_f|remove|remove_file))\s*\(?/g, "remove"),
    m(/\b(?:File\s*\.\s*rename|FileUtils\s*\.\s*(?:mv|move))\s*\(?/g, "move"),
    m(/\bFileUtils\s*\.\s*(?:cp|copy|copy_file|install)\s*\(?/g, "copy"),
    m(/\b(?:File|FileUtils)\s*\.\s*chmod(?:_R)?\s*\(?/g, "chmod", 1),
    m(/\b(?:File|FileUtils)\s*\.\s*chown(?:_R)?\s*\(?/g, "chown", 2),
    m(/\bFile\s*\.\s*truncate\s*\(?/g, "truncate"),
  ],
  perl: [
    m(/(?<![\w$@%>:-])unlink\b\s*\(?/g, "remove"),
    m(/(?<![\w$@%>:-])rename\b\s*\(?/g, "move"),
    m(/\b(?:File::Copy::)?(?<![\w$@%>-])(?:move|mv)\s*\(/g, "move"),
    m(/\b(?:File::Copy::)?(?<![\w$@%>-])(?:copy|cp)\s*\(/g, "copy"),
    m(/(?<![\w$@%>:-])chmod\b\s*\(?/g, "chmod", 1),
    m(/(?<![\w$@%>:-])chown\b\s*\(?/g, "chown", 2),
    m(/(?<![\w$@%>:-])truncate\b\s*\(?/g, "truncate"),
    m(/\b(?:File::Path::)?(?<![\w$@%>-])(?:remove_tree|rmtree)\s*\(/g, "recursive"),
  ],
  php: [
    m(/(?<![\w$>:])unlink\s*\(/g, "remove"),
    m(/(?<![\w$>:])rename\s*\(/g, "move"),
    m(/(?<![\w$>:])copy\s*\(/g, "copy"),
    m(/(?<![\w$>:])chmod\s*\(/g, "chmod"),
    m(/(?<![\w$>:])chown\s*\(/g, "chown"),
    m(/(?<![\w$>:])file_put_contents\s*\(/g, "write"),
    m(/(?<![\w$>:])fopen\s*\(/g, "write"),
  ],
  lua: [
    m(/\bos\s*\.\s*remove\s*\(/g, "remove"),
    m(/\bos\s*\.\s*rename\s*\(/g, "move"),
    m(/\bio\s*\.\s*open\s*\(/g, "write"),
    m(/\bio\s*\.\s*output\s*\(/g, "write"),
  ],
  tcl: [],
};

/** Paths as the shell would spell them: `~` and `~/x` are the home. */
function pathWord(value: string): string {
  return value.replace(/^~(?=\/|$)/, HOME_PATH);
}

/** A word of the equivalent command, shown with `~` where it names the home. */
function word(value: string, invocation: Invocation) {
  return literalWord(value, invocation.span, value.replace(HOME_PATH, "~"));
}

function mode(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (/^0o[0-7]+$/i.test(trimmed)) return trimmed.slice(2);
  if (/^0[0-7]+$/.test(trimmed)) return trimmed.slice(1);
  if (/^\d+$/.test(trimmed)) return Number(trimmed).toString(8);
  return undefined;
}

/** The raw arguments text after a call's opening parenthesis (or after the name, for Perl/Ruby). */
function rawArguments(code: string, start: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  let quote: string | undefined;
  for (let index = start; index < code.length; index += 1) {
    const char = code[index]!;
    if (quote) {
      current += char;
      if (char === "\\") {
        current += code[index + 1] ?? "";
        index += 1;
      } else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[" || char === "{") depth += 1;
    else if (char === ")" || char === "]" || char === "}") {
      if (depth === 0) break;
      depth -= 1;
    } else if ((char === ";" || char === "\n") && depth === 0) break;
    else if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

function action(
  mutation: Mutation,
  code: string,
  start: number,
  language: Language | "tcl",
): string[] | undefined {
  const { literals } = readArguments(code, start);
  const raw = rawArguments(code, start);
  const paths = literals.filter((literal) => !literal.interpolated).map((literal) => pathWord(literal.value));
  switch (mutation.action) {
    case "remove":
      if (mutation.call.source.includes("Path")) return pathMethod(code, start, literals[0]?.value);
      return paths.length > 0 ? ["rm", "-f", "--", ...paths] : undefined;
    case "recursive":
      return paths.length > 0 ? ["rm", "-rf", "--", ...paths] : undefined;
    case "move":
      return paths.length >= 2 ? ["mv", "-f", "--", paths[0]!, paths[1]!] : undefined;
    case "copy":
      return paths.length >= 2 ? ["cp", "--", paths[0]!, paths[1]!] : undefined;
    case "chmod": {
      const modeIndex = mutation.pathIndex === 1 ? 0 : 1;
      const value = mode(raw[modeIndex]);
      const target = raw[mutation.pathIndex ?? 0];
      const path = target === undefined ? undefined : readArguments(target, 0).literals[0];
      return value && path ? ["chmod", value, "--", pathWord(path.value)] : undefined;
    }
    case "chown": {
      const target = raw[mutation.pathIndex ?? 0];
      const path = target === undefined ? undefined : readArguments(target, 0).literals[0];
      const owner = raw.filter((_part, index) => index !== (mutation.pathIndex ?? 0)).join(":");
      return path
        ? ["chown", owner.replace(/\s/g, "") || UNKNOWN_NONEMPTY, "--", pathWord(path.value)]
        : undefined;
    }
    case "truncate": {
      const target = raw[0];
      const path = target === undefined ? undefined : readArguments(target, 0).literals[0];
      const size = /^\d+$/.test(raw[1]?.trim() ?? "") ? raw[1]!.trim() : "0";
      return path ? ["truncate", "-s", size, "--", pathWord(path.value)] : undefined;
    }
    case "write": {
      const [path, second] = literals;
      if (!path || path.interpolated) return undefined;
      // fopen/io.open for reading changes nothing; FILE_APPEND and "a" modes add to the file.
      const flags = second?.value ?? raw[1] ?? (language === "lua" ? "r" : "");
      if (/fopen|io\s*\.\s*open/.test(mutation.call.source) && !/[wax+]/.test(flags)) return undefined;
      const append = /FILE_APPEND/.test(raw.slice(2).join(",")) || /^a/.test(flags);
      return [append ? "tee" : "truncate", ...(append ? ["-a"] : ["-s", "0"]), "--", pathWord(path.value)];
    }
  }
}

/** `Path("/etc/passwd").unlink()`, `.write_text(…)`, `.chmod(0o777)`, `.rename("x")`. */
function pathMethod(code: string, start: number, path: string | undefined): string[] | undefined {
  if (path === undefined) return undefined;
  const after = code.slice(start).replace(/^\s*(["'])(?:\\.|(?!\1).)*\1\s*\)\s*/, "");
  const method = /^\.\s*(\w+)\s*\(/.exec(after);
  if (!method) return undefined;
  const args = rawArguments(after, method[0].length);
  const target = pathWord(path);
  switch (method[1]) {
    case "unlink":
      return ["rm", "-f", "--", target];
    case "rmdir":
      return ["rmdir", "--", target];
    case "write_text":
    case "write_bytes":
    case "touch":
      return method[1] === "touch" ? ["touch", "--", target] : ["truncate", "-s", "0", "--", target];
    case "chmod": {
      const value = mode(args[0]);
      return value ? ["chmod", value, "--", target] : undefined;
    }
    case "rename":
    case "replace": {
      const destination = readArguments(args[0] ?? "", 0).literals[0];
      return destination ? ["mv", "-f", "--", target, pathWord(destination.value)] : undefined;
    }
    default:
      return undefined;
  }
}

/** Tcl's `file delete [-force] path…`, `file rename a b`, `open path w`. */
function tclActions(code: string): string[][] {
  const found: string[][] = [];
  for (const match of code.matchAll(/\bfile\s+delete\s+((?:-\w+\s+)*)(?:--\s+)?([^\n;\]]+)/g))
    found.push(["rm", match[1]!.includes("-force") ? "-rf" : "-f", "--", ...match[2]!.trim().split(/\s+/)]);
  for (const match of code.matchAll(/\bfile\s+rename\s+(?:-force\s+)?(?:--\s+)?(\S+)\s+(\S+)/g))
    found.push(["mv", "-f", "--", match[1]!, match[2]!]);
  for (const match of code.matchAll(/\bopen\s+(\S+)\s+["{]?([wa]\+?|[A-Z_|]*(?:WRONLY|RDWR)[A-Z_|]*)/g))
    found.push(
      /^a/.test(match[2]!) ? ["tee", "-a", "--", match[1]!] : ["truncate", "-s", "0", "--", match[1]!],
    );
  return found.map((argv) => argv.map((word) => pathWord(word.replace(/^["{]|["}]$/g, ""))));
}

/** The shell commands equivalent to the file mutations `code` makes by library call. */
export function mutationCommands(
  code: string,
  language: Language | "tcl",
  origin: string,
  invocation: Invocation,
): Nested[] {
  const commands: string[][] = [];
  if (language === "tcl") commands.push(...tclActions(code));
  else {
    const inside = insideStrings(code);
    for (const mutation of MUTATIONS[language]) {
      for (const match of code.matchAll(mutation.call)) {
        if (inside(match.index)) continue;
        const argv = action(mutation, code, match.index + match[0].length, language);
        if (argv) commands.push(argv);
      }
    }
  }
  return commands.map((argv) => ({
    kind: "invocation",
    via: origin,
    invocation: {
      ...invocation,
      assignments: [],
      redirects: [],
      stdin: undefined,
      words: argv.map((value) => word(value, invocation)),
      via: [...(invocation.via ?? []), origin],
    },
  }));
}
