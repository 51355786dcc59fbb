import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../../src/surfaces/cli/main.js";
import { engineFor } from "../../support/engines.js";
import { fakeIo } from "../../support/fake-io.js";

const docker = await engineFor("docker");
const ssh = await engineFor("ssh");
const scratch = mkdtempSync(path.join(os.tmpdir(), "cli-executor-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function configFile(name: string, executor: Record<string, unknown>): string {
  const file = path.join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ executor }));
  return file;
}

describe.skipIf(docker.engine !== undefined)("describe, doctor and check in a container", () => {
  it.skip(`skipped: ${docker.reason}`, () => undefined);
});

describe.runIf(docker.engine !== undefined)("describe, doctor and check in a container", () => {
  const busybox = () =>
    configFile("busybox", {
      kind: "docker",
      container: docker.engine?.containers.busybox,
      docker_host: docker.engine?.docker_host,
    });

  it("describe --json names the executor and its target, with the target's shell", async () => {
    const io = fakeIo(scratch);
    expect(await main(["describe", "--json", "--config", busybox()], io)).toBe(0);
    const report = JSON.parse(io.out());
    expect(report.executor).toMatchObject({
      kind: "docker",
      target: `container ${docker.engine?.containers.busybox}`,
      user: "root",
      home: "/root",
      network: "none",
    });
    expect(report.resolution).toMatchObject({ platform: "linux", kind: "sh", path: "/bin/sh" });
    expect(report.description).toContain("POSIX sh");
    expect(report.description).not.toContain("bash_path");
    expect(report.isolation).toContain("no network (network mode none)");
  });

  it("doctor shows the probe and what the target lacks", async () => {
    const io = fakeIo(scratch);
    expect(await main(["doctor", "--config", busybox()], io)).toBe(0);
    expect(io.out()).toContain(`executor: docker — container ${docker.engine?.containers.busybox}`);
    expect(io.out()).toMatch(
      /probe: user root \(uid 0\), home \/root, starts in \/, Linux \S+, POSIX sh busybox ash at \/bin\/sh/,
    );
    expect(io.out()).toContain("  - no bash: commands run in POSIX sh (busybox ash)");
    const json = fakeIo(scratch);
    expect(await main(["doctor", "--json", "--config", busybox()], json)).toBe(0);
    const report = JSON.parse(json.out());
    expect(report.probe).toMatchObject({ user: "root", proc: true, shell: { kind: "sh" } });
    expect(report.probe.environment).toContain("PATH");
    expect(report.missing).toHaveLength(1);
  });

  it("check judges in the target's home", async () => {
    const io = fakeIo(scratch);
    expect(await main(["check", "--config", busybox(), "--cwd", "/root", "rm -rf *"], io)).toBe(1);
    expect(io.out()).toContain("[delete.home]");
    expect(await main(["check", "--config", busybox(), "--cwd", "/tmp", "rm -rf *"], fakeIo(scratch))).toBe(
      0,
    );
  });

  it("refuses a container without a shell, and a missing one, in one line with exit 69", async () => {
    const noshell = configFile("noshell", {
      kind: "docker",
      container: docker.engine?.containers.noshell,
      docker_host: docker.engine?.docker_host,
    });
    const io = fakeIo(scratch);
    expect(await main(["doctor", "--config", noshell], io)).toBe(69);
    expect(io.err()).toMatch(/^shellgate doctor: container \S+ has no shell shellgate can use .*\n$/);
    const missing = fakeIo(scratch);
    expect(
      await main(["describe", "--config", busybox(), "--executor", "docker:no-such-container"], missing),
    ).toBe(69);
    expect(missing.err()).toContain("No container named no-such-container");
  });
});

describe.runIf(ssh.engine !== undefined)("describe over SSH", () => {
  it("names the host and the remote user", async () => {
    const server = ssh.engine?.ssh;
    const file = configFile("ssh", {
      kind: "ssh",
      host: server?.host,
      port: server?.port,
      user: server?.user,
      identity_file: server?.identity_file,
      known_hosts: server?.known_hosts,
    });
    const io = fakeIo(scratch);
    expect(await main(["describe", "--json", "--config", file], io)).toBe(0);
    const report = JSON.parse(io.out());
    expect(report.executor).toMatchObject({ kind: "ssh", user: server?.user, home: `/home/${server?.user}` });
    expect(report.resolution.kind).toBe("bash");
    expect(report.isolation).toContain("over SSH");
  });
});
