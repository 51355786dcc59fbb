import { describe, expect, it } from "vitest";
import { matchLongOption } from "../../../src/safety/normalize/long-options.js";

describe("long options matched as getopt_long does", () => {
  it("takes an exact name or the unique option a prefix starts", () => {
    expect(matchLongOption("rm", "--recursive")).toEqual({ option: { name: "recursive", argument: "none" } });
    expect(matchLongOption("rm", "--r")).toEqual({ option: { name: "recursive", argument: "none" } });
    expect(matchLongOption("rm", "--no")).toEqual({ option: { name: "no-preserve-root", argument: "none" } });
    expect(matchLongOption("wipefs", "--al")).toEqual({ option: { name: "all", argument: "none" } });
  });

  it("reports a prefix of several options as ambiguous, and an unknown one as nothing", () => {
    // rm --ver: --verbose or --version, so rm stops with a usage error.
    expect(matchLongOption("rm", "--ver")).toEqual({ ambiguous: ["verbose", "version"] });
    expect(matchLongOption("rm", "--bogus")).toBeUndefined();
    expect(matchLongOption("no-such-program", "--r")).toBeUndefined();
  });

  it("reads the argument kind and ignores an attached value when matching", () => {
    expect(matchLongOption("env", "--sp=sudo id")).toEqual({
      option: { name: "split-string", argument: "required" },
    });
    expect(matchLongOption("rm", "--interactive=never")).toEqual({
      option: { name: "interactive", argument: "optional" },
    });
  });
});
