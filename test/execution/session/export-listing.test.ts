import { describe, expect, it } from "vitest";
import { parseExportListing } from "../../../src/execution/session/export-listing.js";

describe("parseExportListing", () => {
  it("reads bash's double-quoted and ANSI-C forms, and leaves out names without a value", () => {
    // As bash 5.2 prints `export -p` (captured with cat -A, see the issue-21 note).
    const listing = [
      "declare -x A=$'a\\nb'",
      'declare -x B="q\\"\\$\\`\\\\x"',
      "declare -x C=$'\\001z'",
      'declare -x D="plain"',
      "declare -x E=$'\\303\\251 \\303\\274'",
      'declare -x F=""',
      "declare -x G",
      'declare -rx R="read only"',
      'declare -ax ARRAY=([0]="x")',
      'declare -- NOT_EXPORTED="x"',
    ].join("\n");
    expect(parseExportListing(listing)).toEqual({
      A: "a\nb",
      B: 'q"$`\\x',
      C: "\u0001z",
      D: "plain",
      E: "é ü",
      F: "",
      R: "read only",
    });
  });
});
