import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openDockerEngine } from "../../../../src/execution/remote/docker/docker-engine.js";
import { probeTarget } from "../../../../src/execution/remote/probe-target.js";
import { engineFor } from "../../../support/engines.js";

const probe = await engineFor("docker");
const docker = probe.engine;

describe.skipIf(docker !== undefined)("the Docker engine", () => {
  it.skip(`skipped: ${probe.reason}`, () => undefined);
});

function dockerCli(...args: string[]): string {
  return execFileSync("docker", ["--host", docker?.docker_host ?? "", ...args], { encoding: "utf8" }).trim();
}

describe.runIf(docker !== undefined)("the Docker engine against a private dockerd", () => {
  const env = { DOCKER_HOST: docker?.docker_host ?? "" };

  it("names the container, its image and its network", async () => {
    const engine = await openDockerEngine({ container: docker?.containers.bash as string, env });
    expect(engine.container).toMatchObject({
      name: docker?.containers.bash,
      image: docker?.images.bash,
      created: false,
      networkMode: "none",
      init: true,
    });
    await engine.close();
  });

  it("refuses a missing container, a stopped one, and a daemon that is not there, in one sentence each", async () => {
    await expect(openDockerEngine({ container: "no-such-container", env })).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("No container named no-such-container"),
    });
    const stopped = `shellgate-test-stopped-${process.pid}`;
    dockerCli("create", "--name", stopped, docker?.images.busybox as string, "true");
    try {
      await expect(openDockerEngine({ container: stopped, env })).rejects.toMatchObject({
        code: "no-target",
        message: expect.stringContaining(`start it (docker start ${stopped})`),
      });
    } finally {
      dockerCli("rm", "--force", stopped);
    }
    await expect(
      openDockerEngine({ container: "x", dockerHost: "unix:///nonexistent/docker.sock" }),
    ).rejects.toMatchObject({
      code: "unreachable",
      message: expect.stringContaining("Cannot reach the Docker daemon at unix:///nonexistent/docker.sock"),
    });
  });

  it("refuses a container with no shell at all", async () => {
    const engine = await openDockerEngine({ container: docker?.containers.noshell as string, env });
    await expect(probeTarget(engine, `container ${docker?.containers.noshell}`)).rejects.toMatchObject({
      code: "no-shell",
      message: expect.stringMatching(/has no shell shellgate can use .*executable file not found/),
    });
    await engine.close();
  });

  it("creates a container from an image with an init, runs as the configured user, and removes it at close", async () => {
    const engine = await openDockerEngine({ image: docker?.images.busybox as string, user: "tester", env });
    expect(engine.container).toMatchObject({ created: true, init: true, image: docker?.images.busybox });
    const facts = await probeTarget(engine, "the container");
    expect(facts).toMatchObject({ user: "tester", uid: 1000, home: "/home/tester", shell: { kind: "sh" } });
    expect(dockerCli("ps", "--all", "--filter", `id=${engine.container.id}`, "--quiet")).not.toBe("");
    await engine.close();
    expect(dockerCli("ps", "--all", "--filter", `id=${engine.container.id}`, "--quiet")).toBe("");
    await expect(openDockerEngine({ image: "shellgate-test/missing-image", env })).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("pull or build it first"),
    });
  });

  it("ends a run as lost when its container goes away, and still closes", async () => {
    const engine = await openDockerEngine({ image: docker?.images.busybox as string, env });
    const exec = await engine.exec(
      { argv: ["sleep", "30"], stdin: false },
      { onStdout: () => undefined, onStderr: () => undefined },
    );
    dockerCli("rm", "--force", engine.container.id);
    expect(await exec.ended).toMatchObject({ kind: "lost", message: expect.stringContaining("went away") });
    await engine.close();
  });

  it("wants either container or image", async () => {
    await expect(openDockerEngine({ env })).rejects.toMatchObject({ code: "no-target" });
  });
});
