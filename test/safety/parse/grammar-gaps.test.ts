import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import type { Parser } from "web-tree-sitter";
import { rewriteGrammarGaps } from "../../../src/safety/parse/grammar-gaps.js";
import { loadBashParser } from "../../../src/safety/parse/load-grammar.js";
import { findSyntaxError } from "../../../src/safety/parse/syntax-error.js";

// Valid bash the grammar rejects: each is accepted by `bash -n` (checked when bash is there), fails
// to parse as written, and parses cleanly after the rewrite.
const GAPS = [
  "exec 3<>file",
  "cat <>file",
  "cat 3<<<word",
  "cat <<A <<B\na\nA\nb\nB",
  "cat <<A; cat <<'B'\na\nA\nb $x\nB",
  'cat <<A; echo "x;y"\na\nA',
  "for i in 1 2; do (echo $i) done",
  "if (true) then :; fi",
  "{ (ls) }",
  "echo a\\",
];

let parser: Parser;
beforeAll(async () => {
  parser = await loadBashParser();
});

function parses(text: string): boolean {
  const tree = parser.parse(text)!;
  try {
    return findSyntaxError(tree.rootNode) === undefined;
  } finally {
    tree.delete();
  }
}

const bash = spawnSync("bash", ["-c", "true"]).status === 0;

describe("rewriteGrammarGaps", () => {
  for (const text of GAPS) {
    it(`parses ${JSON.stringify(text)} after the rewrite`, () => {
      if (bash) expect(spawnSync("bash", ["-n", "-c", text]).status).toBe(0);
      expect(parses(text)).toBe(false);
      const rewritten = rewriteGrammarGaps(text);
      expect(rewritten).toBeDefined();
      expect(parses(rewritten!)).toBe(true);
    });
  }

  it("keeps a later heredoc's body as a here-string and leaves clean text alone", () => {
    expect(rewriteGrammarGaps('cat <<A <<B\na\nA\nb"q\nB')).toBe('cat <<A <<<"b\\"q"\na\nA');
    expect(rewriteGrammarGaps("echo hello")).toBeUndefined();
  });
});
