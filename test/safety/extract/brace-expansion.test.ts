import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRACE_LIMIT, expandBraces, sequenceTerms } from "../../../src/safety/extract/brace-expansion.js";

/** Words and what bash 5.2 expanded them to (`printf '%s\x1f' WORD` on bash 5.2.15), recorded once. */
const recorded = JSON.parse(
  readFileSync(new URL("./fixtures/brace-words.bash52.json", import.meta.url), "utf8"),
) as [string, string[]][];

function expandText(text: string): string[] {
  return expandBraces([...text].map((char) => ({ char }))).words.map((word) =>
    word.map((token) => ("char" in token ? token.char : "?")).join(""),
  );
}

describe("brace expansion", () => {
  it.each(recorded)("expands %s as bash 5.2 does", (word, bash) => {
    // An unquoted empty word is removed later, with the other fields; printf shows it as "". The `\`
    // term of a letter range quotes what follows it when quotes are removed, later too.
    const ours = expandText(word).map((w) => (w === "\\" ? "" : w));
    expect(ours.filter((w) => w !== "")).toEqual(bash.filter((w) => w !== ""));
  });

  it("keeps quoted parts and expansions whole: only unquoted text takes part", () => {
    const tokens = [{ char: "{" }, { opaque: "'a,b'" }, { char: "," }, { char: "c" }, { char: "}" }];
    const words = expandBraces(tokens).words;
    expect(words).toEqual([[{ opaque: "'a,b'" }], [{ char: "c" }]]);
  });

  it("stops at the limit and says so instead of growing without bound", () => {
    const result = expandBraces([..."{a..z}{a..z}{a..z}{a..z}"].map((char) => ({ char })));
    expect(result.truncated).toBe(true);
    expect(result.words.length).toBe(BRACE_LIMIT);
    expect(sequenceTerms("1..1000000000")!.length).toBeLessThanOrEqual(BRACE_LIMIT + 1);
  });
});
