import { describe, expect, it } from "vitest";
import {
  type DestructiveAction,
  destructiveAction,
  hasOption,
  type ProgramActions,
  parseLine,
} from "../../../src/safety/rules/subcommand-actions.js";

const push: DestructiveAction = {
  path: ["push"],
  anyOption: [["-f", "--force"]],
  rule: "test.push",
  what: "forces",
};
const program: ProgramActions = {
  valued: ["-C", "-o"],
  clusters: true,
  dryRun: ["-n", "--dry-run"],
  actions: [push],
  instead: "do not.",
};

describe("parseLine", () => {
  it("keeps operands in order, skipping option values, and takes everything after --", () => {
    const line = parseLine(["-C", "repo", "push", "-o", "ci.skip", "origin", "--", "-x"], program);
    expect(line.operands).toEqual(["push", "origin", "-x"]);
    expect(line.values.get("-o")).toEqual(["ci.skip"]);
  });

  it("reads attached values of long and short options", () => {
    const line = parseLine(["--method=DELETE", "-XPATCH"], { valued: ["-X"] });
    expect(line.values.get("--method")).toEqual(["DELETE"]);
    expect(line.values.get("-X")).toEqual(["PATCH"]);
  });
});

describe("hasOption", () => {
  it("finds a letter inside a cluster, up to the first letter that takes a value", () => {
    expect(hasOption(parseLine(["-uf"], program), ["-f"])).toBe(true);
    expect(hasOption(parseLine(["-ofoo"], program), ["-f"])).toBe(false);
  });

  it("takes -opt and --opt alike and honours =false", () => {
    expect(hasOption(parseLine(["--auto-approve"], {}), ["-auto-approve"])).toBe(true);
    expect(hasOption(parseLine(["-auto-approve=false"], {}), ["-auto-approve"])).toBe(false);
  });
});

describe("destructiveAction", () => {
  it("matches the subcommand path with its options", () => {
    expect(destructiveAction(program, ["push", "--force"])).toBe(push);
    expect(destructiveAction(program, ["push"])).toBeUndefined();
    expect(destructiveAction(program, ["pull", "-f"])).toBeUndefined();
  });

  it("lets dry runs and help texts through", () => {
    expect(destructiveAction(program, ["push", "-f", "--dry-run"])).toBeUndefined();
    expect(destructiveAction(program, ["push", "-nf"])).toBeUndefined();
    expect(destructiveAction(program, ["push", "-f", "--help"])).toBeUndefined();
  });
});
