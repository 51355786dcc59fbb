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

  it("--background detaches it in the container, its exit status read back by doctor there", async () => {
    const started = await run("--background", "--json", "--", "echo bg; exit 3");
    expect(started.code).toBe(0);
    const record = JSON.parse(started.out) as {
      pid: number;
      statusPath: string;
      logPath: string;
      target: string;
    };
    expect(record.target).toBe(`container ${docker.engine?.containers.bash}`);
    const doctor = () =>
      runCli(["doctor", "--json", "--executor", `docker:${docker.engine?.containers.bash}`], {
        cwd: scratch,
        env: env(),
      });
    const deadline = Date.now() + 60_000;
    let listed: { pid: number; state: string; exitCode?: number } | undefined;
    for (;;) {
      const report = JSON.parse((await doctor()).out) as {
        background: { pid: number; state: string; exitCode?: number; statusPath: string }[];
      };
      listed = report.background.find((entry) => entry.statusPath === record.statusPath);
      if (listed?.state === "exited" || Date.now() > deadline) break;
    }
    expect(listed).toMatchObject({
      pid: record.pid,
      command: "echo bg; exit 3",
      state: "exited",
      exitCode: 3,
    });
    const text = await runCli(["doctor", "--executor", `docker:${docker.engine?.containers.bash}`], {
      cwd: scratch,
      env: env(),
    });
    expect(text.out).toContain(
      `background runs (shellgate run --background) in container ${docker.engine?.containers.bash}, newest first:`,
    );
    expect(text.out).toMatch(new RegExp(`pid ${record.pid}, started \\S+: exited 3 at `));
    const said = await run("--background", "--", "exit 0");
    expect(said.out).toMatch(
      new RegExp(
        `^started in the background in container ${docker.engine?.containers.bash}: pid \\d+; output: /tmp/shellgate-background-\\w+/\\w+-background.log; exit status: /tmp/shellgate-background-\\w+/\\w+-background.exit \\(both paths are in container ${docker.engine?.containers.bash}; shellgate doctor with the same --executor lists it\\)\\n$`,
      ),
    );
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
