import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  fitTemplate,
  instantiateTemplate,
  splitQuotedCommandLine,
  templateId,
} from "../../../src/execution/sandbox/command-template.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** A wrap as the library spells an id: base64 in the proxy URL and in the tag. */
function wrapped(id: string): string[] {
  return [
    "bwrap",
    "--setenv",
    "HTTP_PROXY",
    `http://srt.${b64(id)}:token@localhost:3128`,
    "--setenv",
    "SRT_ENCODED_CMD",
    b64(id),
    "--",
    "/bin/bash",
    "-c",
    "IFS=;set -f;eval $SHELLGATE_COMMAND",
  ];
}

describe("templateId", () => {
  it("gives ids of 24 characters whose base64 has nothing URL encoding would change", () => {
    for (let byte = 0; byte < 256; byte += 1) {
      const id = templateId((size) => Buffer.alloc(size, byte));
      expect(id).toHaveLength(24);
      expect(b64(id)).toMatch(/^[A-Za-z0-9]+$/);
    }
    const random = templateId((size) => randomBytes(size));
    expect(encodeURIComponent(b64(random))).toBe(b64(random));
  });
});

describe("fitTemplate / instantiateTemplate", () => {
  const a = "AAAAaaaaBBBBbbbbCCCCcccc";
  const b = "DDDDddddEEEEeeeeFFFFffff";
  const c = "GGGGggggHHHHhhhhIIIIiiii";

  it("fits two wraps that differ only by their ids, and puts a new id in every spelling", () => {
    const template = fitTemplate({ argv: wrapped(a), id: a }, { argv: wrapped(b), id: b });
    expect(template).toBeDefined();
    if (template) expect(instantiateTemplate(template, c)).toEqual(wrapped(c));
  });

  it("does not fit wraps that differ by anything else", () => {
    const other = wrapped(b);
    other[6] = "per-wrap-nonce";
    expect(fitTemplate({ argv: wrapped(a), id: a }, { argv: other, id: b })).toBeUndefined();
    expect(fitTemplate({ argv: wrapped(a), id: a }, { argv: wrapped(b).slice(1), id: b })).toBeUndefined();
    expect(fitTemplate({ argv: wrapped(a), id: a }, { argv: wrapped(a), id: a })).toBeUndefined();
  });
});

describe("splitQuotedCommandLine", () => {
  it("splits the library's quoting back into its words", () => {
    expect(splitQuotedCommandLine("bwrap --bind /a /a -- /bin/bash -c 'echo hi'")).toEqual([
      "bwrap",
      "--bind",
      "/a",
      "/a",
      "--",
      "/bin/bash",
      "-c",
      "echo hi",
    ]);
    expect(splitQuotedCommandLine(`x 'it'"'"'s' ''`)).toEqual(["x", "it's", ""]);
  });

  it("refuses what it does not fully understand", () => {
    expect(splitQuotedCommandLine("a  b")).toBeUndefined();
    expect(splitQuotedCommandLine("a 'b")).toBeUndefined();
    expect(splitQuotedCommandLine('a "b"')).toBeUndefined();
    expect(splitQuotedCommandLine("a $HOME")).toBeUndefined();
    expect(splitQuotedCommandLine("a 'b'c")).toBeUndefined();
  });
});
