import { describe, expect, it } from "vitest";
import { admitCommand, blockedText } from "../../../src/api/admission/admit-command.js";
import type { ApprovalRequest } from "../../../src/api/host.js";
import type { Verdict } from "../../../src/safety/verdict.js";

const allow = (): Verdict => ({ allowed: true, profile: "strict" });
const block = (command: string): Verdict => ({
  allowed: false,
  profile: "strict",
  rule: "privilege.sudo",
  reason: "sudo is blocked in the strict profile; run the command without sudo",
  command,
});
const request = { command: "make", cwd: "/work", action: "run" as const };

describe("admitCommand", () => {
  it("lets an allowed command through without asking when approval is off", async () => {
    let asked = 0;
    const admission = await admitCommand(request, {
      check: allow,
      requireApproval: false,
      approve: () => {
        asked++;
        return true;
      },
    });
    expect(admission.allowed).toBe(true);
    expect(asked).toBe(0);
  });

  it("never shows a blocked command to the approver", async () => {
    let asked = 0;
    const admission = await admitCommand(
      { ...request, command: "sudo ls" },
      {
        check: block,
        requireApproval: true,
        approve: () => {
          asked++;
          return true;
        },
      },
    );
    expect(admission).toMatchObject({ allowed: false });
    expect(admission.allowed === false && admission.reason).toBe(
      "Command blocked by the safety gate (profile strict, rule privilege.sudo): sudo is blocked in the strict profile; run the command without sudo",
    );
    expect(asked).toBe(0);
  });

  it("passes command, cwd and verdict to the approver", async () => {
    const seen: ApprovalRequest[] = [];
    const admission = await admitCommand(request, {
      check: allow,
      requireApproval: true,
      approve: (asked) => {
        seen.push(asked);
        return true;
      },
    });
    expect(admission.allowed).toBe(true);
    expect(seen).toEqual([{ ...request, verdict: allow() }]);
  });

  it("refuses with a reason when approval is required but the host has no callback", async () => {
    const admission = await admitCommand(request, { check: allow, requireApproval: true });
    expect(admission.allowed).toBe(false);
    expect(admission.allowed === false && admission.reason).toMatch(
      /^Command not run: require_approval is on and this host has no approval callback/,
    );
  });

  it("refuses when the user declines, with the user's reason", async () => {
    const declined = await admitCommand(request, {
      check: allow,
      requireApproval: true,
      approve: async () => ({ approved: false, reason: "not on Fridays" }),
    });
    expect(declined.allowed === false && declined.reason).toBe(
      "Command not run: the user did not approve it: not on Fridays. Do not retry it unchanged; ask what to do instead.",
    );
    const plain = await admitCommand(request, { check: allow, requireApproval: true, approve: () => false });
    expect(plain.allowed === false && plain.reason).toMatch(
      /^Command not run: the user did not approve it\./,
    );
  });

  it("refuses when the callback throws, naming the failure", async () => {
    const admission = await admitCommand(request, {
      check: allow,
      requireApproval: true,
      approve: () => {
        throw new Error("dialog crashed");
      },
    });
    expect(admission.allowed === false && admission.reason).toBe(
      "Command not run: the approval callback failed (dialog crashed).",
    );
  });

  it("treats anything but approved: true as a refusal", async () => {
    const admission = await admitCommand(request, {
      check: allow,
      requireApproval: true,
      approve: () => ({ approved: "yes" as unknown as boolean }),
    });
    expect(admission.allowed).toBe(false);
  });
});

describe("blockedText", () => {
  it("works without a rule or reason", () => {
    expect(blockedText({ allowed: false, profile: "standard" })).toBe(
      "Command blocked by the safety gate (profile standard): the command is not allowed",
    );
  });
});
