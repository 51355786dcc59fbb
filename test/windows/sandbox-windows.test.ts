import os from "node:os";
import { describe, expect, it } from "vitest";
import { toShellPath } from "../../platforms/index.js";
import { createSandbox } from "../../src/execution/sandbox/index.js";
import { planSpawn } from "../../src/execution/spawn/plan-spawn.js";
import { testResolution } from "../support/resolution.js";
import { onRealWindows } from "./support/windows-host.js";

// Windows: the library's mode needs a one-time elevated `windows-install` (the srt-sandbox account
// and the WFP fence). A runner without it must say so exactly: `auto` runs unsandboxed with the
// warning, `required` refuses naming the setup step. Not under Wine: srt-win needs real Windows.
const gitBash = testResolution({
  platform: "win32",
  kind: "gitbash",
  path: "C:\\Program Files\\Git\\bin\\bash.exe",
});
const context = {
  platform: "win32",
  cwd: os.tmpdir(),
  home: os.homedir(),
  tempDirectory: os.tmpdir(),
} as const;

describe.runIf(onRealWindows)("the sandbox on Windows", () => {
  it("doctor names the mechanism, and the setup step when it is not installed", async () => {
    const status = await createSandbox({ settings: { mode: "auto", allowed_domains: [] }, context }).status();
    expect(status.mechanism).toBe("windows-sandbox-account");
    if (!status.available) expect(status.reason).toMatch(/windows-install|not installed/);
  }, 60_000);

  it("without the install: auto runs unsandboxed with the warning, required refuses", async () => {
    const auto = createSandbox({ settings: { mode: "auto", allowed_domains: [] }, context });
    const status = await auto.status();
    if (status.available) return; // installed on this runner: the refusal cannot be shown here
    const plan = planSpawn(gitBash, "echo hi", os.tmpdir());
    const started = await auto.enclose(plan);
    expect(started).toMatchObject({ kind: "start", sandboxed: false, plan });
    if (started.kind === "start") expect(started.trailer("")).toContain("[sandbox: not applied");
    const required = createSandbox({ settings: { mode: "required", allowed_domains: [] }, context });
    const refused = await required.enclose(plan);
    expect(refused.kind).toBe("refused");
    if (refused.kind === "refused") expect(refused.message).toContain('sandbox.mode is "required"');
  }, 60_000);

  it("WSL: the sandbox lives inside the distribution, and says what to install when bubblewrap is not there", async () => {
    // windows-latest has wsl.exe and no distribution: the probe fails, which reads as "not there".
    const wsl = {
      executable: "C:\\Windows\\System32\\wsl.exe",
      toShellPath: (nativePath: string) => toShellPath(nativePath, "wsl"),
    };
    const status = await createSandbox({
      settings: { mode: "auto", allowed_domains: [] },
      context,
      wsl,
    }).status();
    expect(status.mechanism).toBe("bubblewrap-in-wsl");
    if (!status.available) expect(status.reason).toContain("sudo apt install bubblewrap");
  }, 60_000);
});
