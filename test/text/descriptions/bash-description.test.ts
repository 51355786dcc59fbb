import { describe, expect, it } from "vitest";
import { SAFETY_PROFILES } from "../../../src/safety/verdict.js";
import {
  amplifierBashDescription,
  dshBashDescription,
} from "../../../src/text/descriptions/bash-description.js";
import {
  DESCRIPTION_LIMIT,
  type DescriptionContext,
} from "../../../src/text/descriptions/description-context.js";

const linux: DescriptionContext = {
  shellParagraph: "Shell: bash 5.2 at /bin/bash (Linux). Full bash syntax is available.",
  platform: "linux",
  profile: "strict",
  requireApproval: false,
  timeoutSeconds: 30,
  maxOutputBytes: 100_000,
  managedProcesses: false,
  managedPty: false,
};

describe("dshBashDescription", () => {
  it("embeds the shell paragraph, the profile line and the limits", () => {
    const text = dshBashDescription(linux);
    expect(text).toContain(linux.shellParagraph);
    expect(text).toContain("Safety profile strict:");
    expect(text).toContain("after 30 s unless timeoutMs (milliseconds)");
    expect(text).toContain("keeps 100000 bytes");
    expect(text).toContain("bash_output");
    expect(text).not.toContain("windows_shell");
  });

  it("says that secrets are removed and how to pass one on purpose", () => {
    for (const text of [dshBashDescription(linux), amplifierBashDescription(linux)]) {
      expect(text).toMatch(/Secrets \(\*_TOKEN.*\) are removed/);
      expect(text).toContain("NAME=value cmd");
    }
  });

  it("adds the override hint on Windows unless the paragraph already has one", () => {
    const windows = { ...linux, platform: "win32" as const, shellParagraph: "Shell: Git Bash." };
    expect(dshBashDescription(windows)).toContain("set the windows_shell config key to 'wsl' or 'gitbash'");
    const hinted = { ...windows, shellParagraph: "Shell: Git Bash. Set windows_shell to change it." };
    expect(dshBashDescription(hinted).match(/windows_shell/g)).toHaveLength(1);
  });

  it("mentions approval when the host requires it", () => {
    expect(dshBashDescription({ ...linux, requireApproval: true })).toContain("needs the user's approval");
  });

  it.each(SAFETY_PROFILES)(
    "stays within the limit with a 600-character paragraph on Windows (%s)",
    (profile) => {
      const context: DescriptionContext = {
        ...linux,
        profile,
        platform: "win32",
        shellParagraph: "x".repeat(600),
        requireApproval: true,
        managedProcesses: true,
        managedPty: true,
        timeoutSeconds: 3600,
        maxOutputBytes: 100_000_000,
      };
      expect(dshBashDescription(context).length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
      expect(amplifierBashDescription(context).length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    },
  );

  it("clips an over-long paragraph instead of breaking the limit", () => {
    const text = dshBashDescription({ ...linux, shellParagraph: "y".repeat(5000) });
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    expect(text).toContain(`${"y".repeat(599)}…`);
  });
});

describe("amplifierBashDescription", () => {
  it("speaks of timeout in seconds", () => {
    expect(amplifierBashDescription(linux)).toContain("unless timeout (seconds)");
  });

  it("names the managed actions when they are on", () => {
    const text = amplifierBashDescription({ ...linux, managedProcesses: true, managedPty: true });
    expect(text).toContain("action=start returns an owned process_id");
    expect(text).toContain("pty=true");
    expect(amplifierBashDescription({ ...linux, managedProcesses: true })).not.toContain("pty=true");
  });
});

describe("the sandbox paragraph", () => {
  it("is stated after the profile line, within the sandbox's own allowance", async () => {
    const { DESCRIPTION_LIMIT_WITH_SANDBOX } = await import(
      "../../../src/text/descriptions/description-context.js"
    );
    const { sandboxParagraph } = await import("../../../src/text/sandbox/sandbox-texts.js");
    const paragraph = sandboxParagraph(
      {
        mode: "auto",
        allowWrite: Array.from({ length: 50 }, (_, index) => `/data/${index}`),
        denyRead: Array.from({ length: 50 }, (_, index) => `/secret/${index}`),
        allowedDomains: Array.from({ length: 50 }, (_, index) => `host${index}.example.com`),
      },
      { available: true, mechanism: "bubblewrap", reason: "" },
    );
    const context: DescriptionContext = {
      ...linux,
      platform: "win32",
      shellParagraph: "x".repeat(600),
      requireApproval: true,
      managedProcesses: true,
      managedPty: true,
      sandboxParagraph: paragraph,
    };
    for (const text of [dshBashDescription(context), amplifierBashDescription(context)]) {
      expect(text).toContain("OS sandbox (bubblewrap)");
      expect(text.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT_WITH_SANDBOX);
    }
    expect(dshBashDescription(linux)).not.toContain("OS sandbox");
  });
});
