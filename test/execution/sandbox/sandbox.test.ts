import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../../src/execution/sandbox/index.js";
import { planSpawn } from "../../../src/execution/spawn/plan-spawn.js";
import { testResolution } from "../../support/resolution.js";

const bash = testResolution();
// The run's own temp directory: an instance's private one is made there on its first enclosed start.
const context = { platform: "linux", cwd: "/work", home: "/home/ada", tempDirectory: os.tmpdir() } as const;
const noBubblewrap = async () => ({
  platform: "linux",
  dependencyErrors: ["bubblewrap (bwrap) not installed", "socat not installed"],
});

const opened: Sandbox[] = [];

function sandbox(mode: "off" | "auto" | "required", overrides: Partial<SandboxOptions> = {}) {
  const instance = createSandbox({ settings: { mode, allowed_domains: [] }, context, ...overrides });
  opened.push(instance);
  return instance;
}

// Closed, so their private temp directories go.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((instance) => instance.close()));
});

describe("createSandbox", () => {
  it("off: plans pass unchanged and nothing is probed or loaded", async () => {
    let probed = false;
    const off = sandbox("off", {
      probe: async () => {
        probed = true;
        return { platform: "linux", dependencyErrors: [] };
      },
    });
    const plan = planSpawn(bash, "echo hi", "/work");
    const enclosed = await off.enclose(plan);
    expect(enclosed).toMatchObject({ kind: "start", plan, sandboxed: false });
    expect(await off.status()).toMatchObject({ available: false, mechanism: "none" });
    expect(probed).toBe(false);
  });

  it("required without bubblewrap refuses, naming what to install", async () => {
    const enclosed = await sandbox("required", { probe: noBubblewrap }).enclose(
      planSpawn(bash, "ls", "/work"),
    );
    expect(enclosed.kind).toBe("refused");
    if (enclosed.kind !== "refused") return;
    expect(enclosed.message).toContain('sandbox.mode is "required"');
    expect(enclosed.message).toContain("apt install bubblewrap socat");
  });

  it("auto without bubblewrap runs unsandboxed and every result says so", async () => {
    const plan = planSpawn(bash, "ls", "/work");
    const enclosed = await sandbox("auto", { probe: noBubblewrap }).enclose(plan);
    expect(enclosed).toMatchObject({ kind: "start", plan, sandboxed: false });
    if (enclosed.kind !== "start") return;
    expect(enclosed.trailer("")).toContain("[sandbox: not applied — bubblewrap (bwrap) not installed");
  });

  it("a wrap that fails is a refusal under required and a note under auto", async () => {
    const failing: Partial<SandboxOptions> = {
      probe: async () => ({ platform: "linux", dependencyErrors: [] }),
      wrap: async () => {
        throw new Error("bwrap: setting up uid map: Permission denied\nmore");
      },
    };
    const plan = planSpawn(bash, "ls", "/work");
    const refused = await sandbox("required", failing).enclose(plan);
    expect(refused).toMatchObject({ kind: "refused" });
    if (refused.kind === "refused")
      expect(refused.message).toContain("setting up uid map: Permission denied.");
    const auto = await sandbox("auto", failing).enclose(plan);
    if (auto.kind === "start") expect(auto.trailer("")).toContain("not applied");
  });

  it("sandboxed: the library's argv replaces the plan, the command text reaches it, violations become the marker", async () => {
    const requests: string[] = [];
    let released = 0;
    const enclosed = await sandbox("auto", {
      probe: async () => ({ platform: "linux", dependencyErrors: [] }),
      wrap: async (request) => {
        requests.push(`${request.shell} ${request.command}`);
        return {
          argv: ["/bin/bash", "-c", "bwrap -- /bin/bash -c 'curl x'"],
          violations: () => ["deny network-outbound example.com:443 (host is not on the allow list)"],
          release: () => {
            released += 1;
          },
        };
      },
    }).enclose(planSpawn(bash, "curl https://example.com", "/work"));
    expect(requests).toEqual(["/bin/bash curl https://example.com"]);
    expect(enclosed).toMatchObject({
      kind: "start",
      sandboxed: true,
      plan: { file: "/bin/bash", cwd: "/work" },
    });
    if (enclosed.kind !== "start") return;
    // The library's own `bash -c` lines take no --norc: a nested SHLVL keeps ~/.bashrc out of them.
    expect(enclosed.plan.envDefaults).toMatchObject({ SHLVL: "1" });
    expect(enclosed.trailer("")).toContain("connection to example.com:443 (not in sandbox.allowed_domains)");
    enclosed.release();
    expect(released).toBe(1);
  });

  it("probes once per instance", async () => {
    let probes = 0;
    const instance = sandbox("auto", {
      probe: async () => {
        probes += 1;
        return { platform: "linux", dependencyErrors: ["socat not installed"] };
      },
    });
    await instance.status();
    await instance.enclose(planSpawn(bash, "ls", "/work"));
    expect(probes).toBe(1);
  });
});
