import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { engineFor } from "../../../support/engines.js";
import { runCli } from "../../../support/fake-io.js";

const docker = await engineFor("docker");
const scratch = mkdtempSync(path.join(os.tmpdir(), "cli-run-executor-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(docker.engine !== undefined)("shellgate run in a container", () => {
  it.skip(`skipped: ${docker.reason}`, () => undefined);
});

describe.runIf(docker.engine !== undefined)("shellgate run --executor docker:NAME", () => {
  const env = () => ({
    ...process.env,
    DOCKER_HOST: docker.engine?.docker_host,
    SHELLGATE_CONFIG: undefined,
    // Spill files stay on this machine: in the test's own directory.
    TMPDIR: scratch,
  });
  const run = (...args: string[]) =>
    runCli(
      ["run", "--executor", `docker:${docker.engine?.containers.bash}`, "--profile", "unrestricted", ...args],
      {
        cwd: scratch,
        env: env(),
      },
    );

  it("runs the command in the container, with its exit code", async () => {
    const result = await run("--", "cat /etc/hostname >/dev/null && echo in-container; exit 3");
    expect(result.out).toBe("in-container\n[exit code: 3]\n");
    expect(result.code).toBe(3);
  });

  it("exits 128+N for a signal death, as for a local run", async () => {
    const result = await run("--", "kill -TERM $$");
    expect(result.out).toContain("[killed by signal: SIGTERM]");
    expect(result.code).toBe(143);
  });

  it("ends a timed-out command's tree in the container and exits 124", async () => {
    const result = await run("--timeout", "2", "--", "sleep 300 & sleep 301");
    expect(result.out).toContain("[timed out after 2000ms]");
    expect(result.code).toBe(124);
  });

  it("refuses --background, which would detach it on this machine", async () => {
    const result = await run("--background", "--", "sleep 1");
    expect(result.code).toBe(64);
    expect(result.err).toContain("--background detaches the command on this machine");
  });

  it("exits 69 for a container that does not exist, with nothing started", async () => {
    const result = await runCli(["run", "--executor", "docker:no-such-container", "--", "echo ran"], {
      cwd: scratch,
      env: env(),
    });
    expect(result.code).toBe(69);
    expect(result.out).not.toContain("ran");
    expect(result.err).toContain("no-such-container");
  });
});
