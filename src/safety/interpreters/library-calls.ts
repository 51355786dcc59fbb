import { type ExpandedWord, HOME_PATH, literalWord } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { protectionOf } from "../rules/protected-paths.js";
import { judgeWriteTarget } from "../rules/write-targets.js";
import { readLiteral } from "./string-literals.js";

const RECURSIVE_DELETE =
  /(?:\bshutil\.rmtree|rmtree|remove_tree|FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?)|(?:\bfs|\))(?:\.promises)?\.(?:rmSync|rmdirSync|rm|rmdir)|(?<![.\w])(?:rmSync|rmdirSync)|rimraf(?:\.sync)?|fsPromises\.rm|Deno\.remove)\s*\(\s*/g;
const HOME_EXPRESSIONS =
  /^\s*(?:os\.path\.expanduser\(\s*["']~\/?["']\s*\)|Path\.home\(\)|pathlib\.Path\.home\(\)|os\.environ\[["']HOME["']\]|os\.getenv\(["']HOME["']\)|process\.env\.HOME|os\.homedir\(\)|require\(["']os["']\)\.homedir\(\)|ENV\[["']HOME["']\]|Dir\.home|\$ENV\{HOME\}|glob\(["']~["']\))/;
const WRITE_CALL =
  /\b(?:open|sysopen|File\.(?:open|write)|IO\.write|writeFileSync|writeFile|appendFileSync|createWriteStream|openSync|write_bytes|write_text)\s*\(\s*/g;
const FORK =
  /fork\s*(\(|\b)|(?:system|execute|popen)\s*\(\s*["'][^"']*&\s*["']|\bPopen\s*\(|\bspawn\s*\(|\bos\.spawn\w*\s*\(\s*os\.P_NOWAIT/;
const LOOP =
  /while\b|\bloop\s*(do|\{)|\bfor\s*\(\s*;\s*;\s*\)|\buntil\b|\bfor\b[^\n]*\bin\s+itertools\.count|\brepeat\b|iter\(\s*int\s*,|while\s*\(\s*1\s*\)/;

function pathArgument(code: string, start: number): ExpandedWord | undefined {
  const literal = readLiteral(code, start);
  if (literal && !literal.interpolated)
    return literalWord(literal.value.replace(/^~(?=\/|$)/, HOME_PATH), [0, 0], JSON.stringify(literal.value));
  if (HOME_EXPRESSIONS.test(code.slice(start))) return literalWord(HOME_PATH, [0, 0], "~");
  if (
    /^\s*(?:os\.sep|os\.path\.sep|os\.path\.abspath\(\s*["']\/["']\s*\)|(?:pathlib\.)?Path\(\s*["']\/["']\s*\)|File::Spec->rootdir\(\)|path\.sep)/.test(
      code.slice(start),
    )
  ) {
    return literalWord("/", [0, 0], "/");
  }
  return undefined;
}

/** Destructive library calls on protected paths, raw device writes and fork loops in inline code. */
export function libraryCalls(code: string, origin: string, scope: Scope): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const match of code.matchAll(RECURSIVE_DELETE)) {
    const target = pathArgument(code, match.index + match[0].length);
    if (!target) continue;
    const protection = protectionOf(target, scope);
    if (!protection) continue;
    hits.push(
      protection !== "root" && protection !== "system"
        ? {
            rule: "delete.home",
            severity: "dangerous",
            reason: `${origin} recursively deletes ${protection === "home" ? "your home directory" : target.value}; delete a specific project subdirectory instead.`,
          }
        : {
            rule: protection === "root" ? "delete.root" : "delete.system",
            severity: "catastrophic",
            reason: `${origin} recursively deletes ${protection === "root" ? "the root filesystem" : `the system directory ${target.value}`}, which no profile short of unrestricted allows.`,
          },
    );
  }
  for (const match of code.matchAll(WRITE_CALL)) {
    const start = match.index + match[0].length;
    const literal = readLiteral(code, start);
    if (!literal || literal.interpolated) continue;
    let path = literal.value;
    let mode = "";
    if (/^\s*[+>]/.test(path)) {
      mode = "w";
      path = path.replace(/^\s*\+?[<>]+\s*/, "");
    } else {
      const after = readLiteral(
        code,
        literal.end + (code.slice(literal.end).match(/^\s*,/)?.[0].length ?? 0),
      );
      mode = after?.value ?? "";
      if (/^(open|sysopen|openSync)/.test(match[0]) && /^[<>+]+$/.test(mode) && mode.includes(">"))
        mode = "w";
      else if (mode.startsWith(">")) mode = "w";
    }
    const flagsAfter = code.slice(literal.end, literal.end + 60);
    const writes =
      /write|append|createWriteStream|IO\.write/i.test(match[0]) ||
      /[wa+]|O_WRONLY|O_RDWR/.test(mode) ||
      /^\s*,\s*[\w.|\s]*O_(WRONLY|RDWR)/.test(flagsAfter);
    if (!writes) continue;
    const target = path.replace(/^~(?=\/|$)/, HOME_PATH);
    const hit = judgeWriteTarget(literalWord(target, [0, 0], path), scope, origin);
    if (hit) hits.push(hit);
  }
  // Perl's two-argument open: `open F, ">/dev/sda"`.
  for (const match of code.matchAll(/\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?=["']\s*\+?[<>])/g)) {
    const literal = readLiteral(code, match.index + match[0].length);
    if (!literal || literal.interpolated || !/^\s*\+?>|^\s*\+</.test(literal.value)) continue;
    const target = literal.value.replace(/^\s*\+?[<>]{1,2}\s*/, "");
    if (target === "") continue;
    const hit = judgeWriteTarget(literalWord(target, [0, 0], target), scope, origin);
    if (hit) hits.push(hit);
  }
  for (const match of code.matchAll(
    /\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(["'])(\+?>{1,2}|\+<)\1\s*,\s*/g,
  )) {
    const literal = readLiteral(code, match.index + match[0].length);
    if (!literal || literal.interpolated) continue;
    // A leading `~` is the home spelled by the folding (`"$ENV{HOME}/x"`), as in the calls above.
    const target = literal.value.replace(/^~(?=\/|$)/, HOME_PATH);
    const hit = judgeWriteTarget(literalWord(target, [0, 0], literal.value), scope, origin);
    if (hit) hits.push(hit);
  }
  if (FORK.test(code) && LOOP.test(code)) {
    hits.push({
      rule: "forkbomb.interpreter",
      severity: "catastrophic",
      reason: `${origin} forks in an endless loop (a fork bomb), which would exhaust the machine; start a bounded number of processes instead.`,
    });
  }
  return hits;
}
