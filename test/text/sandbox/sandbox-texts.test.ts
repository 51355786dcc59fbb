import { describe, expect, it } from "vitest";
import type { SandboxPolicy } from "../../../src/execution/sandbox/index.js";
import {
  sandboxDenialMarker,
  sandboxParagraph,
  sandboxRequiredRefusal,
} from "../../../src/text/sandbox/sandbox-texts.js";

const policy: SandboxPolicy = {
  mode: "auto",
  allowWrite: ["/work", "/tmp"],
  denyRead: ["/home/ada/.ssh"],
  allowedDomains: [],
};
const bubblewrap = { available: true, mechanism: "bubblewrap", reason: "ok" } as const;

describe("sandbox texts", () => {
  it("the description states what is writable, unreadable and reachable", () => {
    const text = sandboxParagraph(policy, bubblewrap);
    expect(text).toContain("Writable: /work, /tmp.");
    expect(text).toContain("Unreadable: /home/ada/.ssh.");
    expect(text).toContain("Reachable hosts: none (all network access is blocked).");
    expect(sandboxParagraph({ ...policy, allowedDomains: ["registry.npmjs.org"] }, bubblewrap)).toContain(
      "Reachable hosts: registry.npmjs.org, only through HTTP_PROXY/HTTPS_PROXY",
    );
  });

  it("off says nothing; unavailable says so, by mode", () => {
    expect(sandboxParagraph({ ...policy, mode: "off" }, bubblewrap)).toBe("");
    const missing = { available: false, mechanism: "bubblewrap", reason: "socat not installed" } as const;
    expect(sandboxParagraph(policy, missing)).toContain("not applied on this host (socat not installed)");
    expect(sandboxParagraph({ ...policy, mode: "required" }, missing)).toContain("every command is refused");
  });

  it("a long list is cut, and says how many entries it had", () => {
    const many = Array.from({ length: 40 }, (_, index) => `/data/volume-${index}`);
    const text = sandboxParagraph({ ...policy, allowWrite: many }, bubblewrap);
    expect(text).toContain("(40 entries)");
    expect(text.length).toBeLessThan(900);
  });

  it("the marker names each denial and what to do instead", () => {
    const marker = sandboxDenialMarker(
      [
        { kind: "write", path: "/etc/x" },
        { kind: "network", host: "example.com:443" },
      ],
      policy,
    );
    expect(marker).toBe(
      "[sandbox denied: write to /etc/x (outside sandbox.allow_write); connection to example.com:443 (not in sandbox.allowed_domains). The OS sandbox refused this; retrying will not help: write inside /work instead, or ask the user to add the path to sandbox.allow_write; ask the user to add the host to sandbox.allowed_domains.]",
    );
    expect(sandboxDenialMarker([], policy)).toBe("");
  });

  it("the refusal says what happened and what to do", () => {
    expect(
      sandboxRequiredRefusal({
        available: false,
        mechanism: "bubblewrap",
        reason: "socat not installed: apt install socat",
      }),
    ).toBe(
      'Not run: sandbox.mode is "required" and the OS sandbox is unavailable: socat not installed: apt install socat. Fix that on the host, or ask the user to set sandbox.mode to "auto" or "off".',
    );
  });
});
