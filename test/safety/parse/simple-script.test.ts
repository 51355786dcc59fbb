import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Parser } from "web-tree-sitter";
import { analyzeScript } from "../../../src/safety/analyze/analyze-script.js";
import { decide } from "../../../src/safety/decide.js";
import { scopeForContext } from "../../../src/safety/extract/context-scope.js";
import { loadBashParser } from "../../../src/safety/parse/load-grammar.js";
import { parseSimpleScript } from "../../../src/safety/parse/simple-script.js";
import { copyTree, type SyntaxNode } from "../../../src/safety/parse/syntax-node.js";
import { SAFETY_PROFILES } from "../../../src/safety/verdict.js";
import { everyCaseCommand } from "../every-case.js";

let parser: Parser;
beforeAll(async () => {
  parser = await loadBashParser();
});

/** The first difference between two trees, or undefined when they are the same node for node. */
function difference(fast: SyntaxNode, full: SyntaxNode, where = "program"): string | undefined {
  for (const key of ["id", "type", "isNamed", "startIndex", "endIndex", "field", "index"] as const) {
    if (fast[key] !== full[key])
      return `${where}: ${key} ${String(fast[key])} instead of ${String(full[key])}`;
  }
  if (fast.children.length !== full.children.length)
    return `${where}: ${fast.children.length} children instead of ${full.children.length}`;
  for (const [position, child] of fast.children.entries()) {
    const found = difference(child, full.children[position]!, `${where} > ${child.type}`);
    if (found) return found;
  }
  return undefined;
}

/** What the fast tree gets wrong against tree-sitter's, or undefined (also when the text is not plain). */
function mismatch(text: string): string | undefined {
  const fast = parseSimpleScript(text);
  if (!fast) return undefined;
  const tree = parser.parse(text)!;
  try {
    if (tree.rootNode.hasError) return `${JSON.stringify(text)}: tree-sitter finds a syntax error`;
    const found = difference(fast, copyTree(tree, text));
    return found && `${JSON.stringify(text)}: ${found}`;
  } finally {
    tree.delete();
  }
}

const cases = everyCaseCommand();

describe("parseSimpleScript", () => {
  it("builds tree-sitter's tree, node for node, for every plain case command", () => {
    expect(cases.length).toBeGreaterThan(500);
    const plain = cases.filter(({ command }) => parseSimpleScript(command) !== undefined);
    // Most agent commands are plain; a fast path that took none would prove nothing.
    expect(plain.length).toBeGreaterThan(cases.length / 3);
    expect(cases.map(({ command }) => mismatch(command)).filter(Boolean)).toEqual([]);
  });

  it("builds tree-sitter's tree for generated scripts of plain words and operators", () => {
    const atoms = [
      ...["ls", "rm", "-rf", "/", "~", "*", "~/x", "x=1", "a=b", "=", "1", "-1", "01", "-0", "1x", "%", "@"],
      ...["+", ",", ":", ".", "-", "--", "'q'", "'a b'", "''", '""', '"x"', '" y"', '"z "', '"  "', "if"],
      ...["then", "done", "in", "{", "}", "!", "time", "export", "x+=1", "a*b", "~root", "=x", "a@%", "9%"],
      ...["declare", "[", "[[", "test", "1e5", "~+", "==", "=~", "a#b", "#", "'a\nb'", "$x", "a\\ b"],
      ...["2>/dev/null", "2>&1", ">&2", "> f", ">f", ">> f", "< f", "&> f", "&>>f", ">| f", "1>f", "2>", ">"],
      ...[
        "2> '/x'",
        '> "y"',
        "10>f",
        ">&-",
        ">& f",
        "<&0",
        "0<f",
        "<<f",
        "<<<x",
        "<>f",
        ">(x)",
        "<(x)",
        "> 1",
      ],
      ...["0x1", "0x1f", "1M", "-9x", "10#2", "08", "-08", "--1", "1-", "+0", "1.5", "9999999999999999999"],
    ];
    const separators = [
      " ",
      "  ",
      "\t",
      " | ",
      "|",
      " && ",
      "&&",
      " || ",
      "||",
      "; ",
      ";",
      " ;",
      "\n",
      " &",
      "|&",
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...atoms), fc.constantFrom(...separators)), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom("", " ", ";", "; ", "\t", "\n", " \n"),
        (pairs, ending) => {
          const text =
            pairs
              .map(([atom, separator]) => atom + separator)
              .join("")
              .trimEnd() + ending;
          expect(mismatch(text)).toBeUndefined();
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("builds tree-sitter's tree for generated strings of word characters, quotes and operators", () => {
    const characters = "abfx09_./:,@%+-=~* '\"|&;\t\n<>${}".split("");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...characters), { minLength: 1, maxLength: 16 }), (chars) => {
        const text = chars.join("");
        expect(mismatch(text)).toBeUndefined();
        expect(mismatch(`x ${text}`)).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
  });

  it("builds tree-sitter's tree for generated pipelines and lists of commands with redirects", () => {
    const words = [
      "a",
      "ls",
      "-rf",
      "/",
      "~",
      "*",
      "1",
      "-1",
      "-",
      "--",
      "'q'",
      '"x"',
      "x=1",
      "a:b",
      ":",
      ".",
      ...["a'b'", "'a'b", "r''m", "--x='*.c'", "'a'1", "1'a'", "'a'-1", '""a', "a''2", "'i'f", "a=''"],
      ...["$x", "${y}", '"$x"', '"a $x"', '"$x $y"', '"$x$y"', "$x/a", "${HOME}/", '"$HOME"/*', "a$x"],
      ...["$x.c", "$_", "$1", "$@", "${x:-a}", "'a'$x", '$x"b"', 'a"b"$x.', '"a"$x-'],
    ];
    const redirects = [
      "2>/dev/null",
      "2>&1",
      ">&2",
      "> f",
      ">f",
      ">> f",
      "< f",
      "&> f",
      ">| f",
      "10>f",
      "> 1",
    ];
    const command = fc
      .tuple(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom(...redirects), { maxLength: 2 }),
      )
      .map(([names, targets]) => [...names, ...targets].join(" "));
    const operator = fc.constantFrom(" | ", "|", " && ", " || ", "; ", ";", "\n", " &&\n", "|\n");
    fc.assert(
      fc.property(command, fc.array(fc.tuple(operator, command), { maxLength: 5 }), (head, tail) => {
        const text = head + tail.map(([join, next]) => join + next).join("");
        expect(mismatch(text)).toBeUndefined();
      }),
      { numRuns: 4000 },
    );
  });

  it("leaves everything else to tree-sitter", () => {
    for (const text of [
      "",
      "   ",
      "a > f b",
      "2>f a",
      "a >\nf",
      "a <<EOF",
      "echo $1",
      "echo ${x:-a}",
      "a\n;b",
      "a &",
      "x=1 a",
      "if true",
      "a'b'$x",
      "a;;",
      "; a",
    ])
      expect(parseSimpleScript(text), JSON.stringify(text)).toBeUndefined();
  });
});

describe("the gate with and without the plain-script parse", () => {
  it("reaches the same verdict, rule and reason for every case command in every profile", () => {
    const lists = { allow: [], deny: [] };
    const different: string[] = [];
    // Quoted text that trips the full path's pre-checks (`N<<<`, `;;`, a final backslash) is still plain.
    const quoted = ["echo '1<<<x'", 'echo "a 1<<<b" x', "echo 'a;;b'", 'echo "x;&y"', "echo 'a\\'"];
    for (const { command, context } of [
      ...cases,
      ...quoted.map((command) => ({ command, context: undefined })),
    ]) {
      const fast = analyzeScript(parser, command, scopeForContext(context));
      const full = analyzeScript(parser, command, scopeForContext(context), { simpleScripts: false });
      expect({ findings: fast.findings, commands: fast.commands }, command).toEqual({
        findings: full.findings,
        commands: full.commands,
      });
      for (const profile of SAFETY_PROFILES) {
        const one = decide(fast, profile, lists);
        const other = decide(full, profile, lists);
        if (JSON.stringify(one) !== JSON.stringify(other))
          different.push(`${profile} ${JSON.stringify(command)}: ${one.reason} / ${other.reason}`);
      }
    }
    expect(different).toEqual([]);
    // Two analyses of every case command of every case file: its time grows with the case files.
  }, 180_000);
});
