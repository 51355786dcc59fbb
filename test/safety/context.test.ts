import { describe, expect, it } from "vitest";
import { createSafetyGate } from "../../src/safety/index.js";

describe("createSafetyGate(...).check(command, context)", () => {
  it("caches verdicts per command and context", async () => {
    const gate = await createSafetyGate();
    const context = { cwd: "/" };
    const first = gate.check("rm -rf *", context);
    expect(first.allowed).toBe(false);
    expect(gate.check("rm -rf *", context)).toBe(first);
    expect(gate.check("rm -rf *", { cwd: "/" })).toEqual(first);
  });

  it("reads an unknown cwd strictly: as / and as the home, the stricter verdict standing", async () => {
    const gate = await createSafetyGate();
    expect(gate.check("rm -rf *")).toMatchObject({ allowed: false, rule: "delete.root" });
    expect(gate.check("rm -rf .ssh", { home: "/home/alice" })).toMatchObject({ rule: "delete.credentials" });
    expect(gate.check("rm -rf ./build")).toMatchObject({ allowed: true });
    // A cd within the command moves every reading alike: from / or the home, build is a project path.
    expect(gate.check("cd build && rm -rf *")).toMatchObject({ allowed: true });
    expect(gate.check("rm -rf *", { cwd: "/home/alice/app", home: "/home/alice" }).allowed).toBe(true);
  });

  it("says once, at creation, that strict ignores allow lists", async () => {
    const strict = await createSafetyGate({ allowedCommands: ["sudo *"] });
    expect(strict.warnings).toHaveLength(1);
    expect(strict.warnings[0]).toMatch(/allowed_commands is ignored because safety_profile is strict/);
    expect((await createSafetyGate({ profile: "standard", allowedCommands: ["sudo *"] })).warnings).toEqual(
      [],
    );
    expect((await createSafetyGate({ deniedCommands: ["npm publish"] })).warnings).toEqual([]);
  });

  it("reads the environment the command will see", async () => {
    const gate = await createSafetyGate();
    expect(gate.check('rm -rf "$TARGET/"', { env: { TARGET: "/usr" } }).rule).toBe("delete.system");
    expect(gate.check('rm -rf "$TARGET/"', { env: { TARGET: "/tmp/x" } }).allowed).toBe(true);
  });
});
