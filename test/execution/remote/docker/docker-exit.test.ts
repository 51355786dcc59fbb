import { describe, expect, it } from "vitest";
import { dockerConnection } from "../../../../src/execution/remote/docker/docker-client.js";
import { dockerExit } from "../../../../src/execution/remote/docker/docker-exit.js";

describe("dockerExit", () => {
  it("reads 126 with Docker's OCI message as not started, any other code as the program's", () => {
    const oci =
      'OCI runtime exec failed: exec failed: unable to start container process: chdir to cwd ("/nope") set in config.json failed: no such file or directory: unknown\r\n';
    expect(dockerExit(126, oci)).toEqual({
      kind: "not-started",
      message: expect.stringContaining('chdir to cwd ("/nope")'),
    });
    expect(dockerExit(126, "permission denied\n")).toEqual({ kind: "exited", exitCode: 126, signal: null });
    expect(dockerExit(137, "")).toEqual({ kind: "exited", exitCode: 137, signal: null });
  });
});

describe("dockerConnection", () => {
  it("takes docker_host, else DOCKER_HOST, else the local socket", () => {
    expect(dockerConnection("unix:///run/d.sock", {})).toEqual({ socketPath: "/run/d.sock" });
    expect(dockerConnection(undefined, { DOCKER_HOST: "tcp://10.0.0.2:2375" })).toEqual({
      host: "10.0.0.2",
      port: 2375,
      protocol: "http",
    });
    expect(dockerConnection("tcp://[::1]:2376", { DOCKER_TLS_VERIFY: "1" })).toMatchObject({
      host: "::1",
      protocol: "https",
    });
    expect(dockerConnection(undefined, {})).toEqual({ socketPath: "/var/run/docker.sock" });
    expect(() => dockerConnection("ssh://box", {})).toThrow(/docker_host must be/);
  });
});
