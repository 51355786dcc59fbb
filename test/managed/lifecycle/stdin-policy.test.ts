import { describe, expect, it } from "vitest";
import { decideStdinPolicy, type StdinPolicyInput } from "../../../src/managed/lifecycle/stdin-policy.js";

const open: StdinPolicyInput = {
  managedStdin: true,
  safetyProfile: "unrestricted",
  allowedCommands: [],
  deniedCommands: [],
};

describe("decideStdinPolicy", () => {
  it("allows raw stdin only for managed_stdin + unrestricted + no lists", () => {
    expect(decideStdinPolicy(open)).toEqual({ allowed: true });
  });

  it.each<[string, StdinPolicyInput]>([
    ["nothing set", { ...open, managedStdin: false, safetyProfile: "strict" }],
    ["managed_stdin only", { ...open, safetyProfile: "strict" }],
    ["unrestricted only", { ...open, managedStdin: false }],
    ["unrestricted + denied", { ...open, deniedCommands: ["rm *"] }],
    ["unrestricted + allowed", { ...open, allowedCommands: ["git *"] }],
    ["unrestricted + overrides", { ...open, safetyOverrides: { allow: [], block: ["curl *"] } }],
    ["standard profile", { ...open, safetyProfile: "standard" }],
  ])("refuses with the reason: %s", (_name, policy) => {
    const decision = decideStdinPolicy(policy);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.reason).toMatch(/managed_stdin=true, safety_profile=unrestricted/);
  });
});
