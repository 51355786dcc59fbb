import { describe, expect, it } from "vitest";
import type { SafetyContext } from "../../src/safety/context.js";
import { createSafetyGate } from "../../src/safety/gate.js";

/** The gate resolves each distinct context once and hands every check its own copy of that scope. */
describe("the scope a check starts in", () => {
  const project: SafetyContext = { cwd: "/tmp/work", home: "/home/alice", env: { PATH: "/usr/bin:/bin" } };

  it("does not keep what an earlier check's script changed (cd, variables, files, functions)", async () => {
    const gate = await createSafetyGate({ profile: "strict", cacheVerdicts: false });
    const fresh = await createSafetyGate({ profile: "strict", cacheVerdicts: false });
    const expected = fresh.check("rm -rf *", project);
    expect(expected.allowed).toBe(true);
    gate.check("cd / && X=/ && echo 'sudo id' > run.sh && rm() { sudo id; }", project);
    expect(gate.check("rm -rf *", project)).toEqual(expected);
    expect(gate.check('rm -rf "$X"', project)).toEqual(fresh.check('rm -rf "$X"', project));
    expect(gate.check("bash run.sh", project)).toEqual(fresh.check("bash run.sh", project));
  });

  it("judges a context by its content, whichever object carries it", async () => {
    const gate = await createSafetyGate({ profile: "strict", cacheVerdicts: false });
    expect(gate.check("rm -rf *", { ...project }).allowed).toBe(true);
    expect(gate.check("rm -rf *", { ...project, cwd: "/" }).rule).toBe(
      (await createSafetyGate({ profile: "strict" })).check("rm -rf *", { cwd: "/" }).rule,
    );
    expect(gate.check("rm -rf *", { ...project }).allowed).toBe(true);
  });
});
