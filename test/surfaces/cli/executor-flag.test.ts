import { describe, expect, it } from "vitest";
import { executorFromShorthand, parseExecutorFlag } from "../../../src/surfaces/cli/executor-flag.js";

describe("parseExecutorFlag", () => {
  it("reads the three shorthands and local", () => {
    expect(parseExecutorFlag("docker:my-app_1")).toEqual({ kind: "docker", container: "my-app_1" });
    expect(parseExecutorFlag("ssh://ci@build.example:2222")).toEqual({
      kind: "ssh",
      host: "build.example",
      port: 2222,
      user: "ci",
    });
    expect(parseExecutorFlag("ssh://build.example")).toEqual({ kind: "ssh", host: "build.example" });
    expect(parseExecutorFlag("ssh://ci@[::1]:22")).toEqual({
      kind: "ssh",
      host: "::1",
      port: 22,
      user: "ci",
    });
    expect(parseExecutorFlag("k8s://ci/runner-0/main")).toEqual({
      kind: "kubernetes",
      namespace: "ci",
      pod: "runner-0",
      container: "main",
    });
    expect(parseExecutorFlag("k8s://ci/runner-0")).toEqual({
      kind: "kubernetes",
      namespace: "ci",
      pod: "runner-0",
    });
    expect(parseExecutorFlag("local")).toEqual({ kind: "local" });
  });

  it("refuses anything else in one sentence naming the forms", () => {
    for (const text of [
      "podman:x",
      "docker:",
      "docker:-rm",
      "ssh://",
      "ssh://u@h:0",
      "ssh://u@h:x",
      "k8s://ns",
      "k8s://a/b/c/d",
      "k8s://NS/pod",
    ]) {
      expect(() => parseExecutorFlag(text)).toThrow(
        new RegExp(
          `^--executor must be docker:NAME, ssh://user@host\\[:port\\], k8s://namespace/pod\\[/container\\] or local.*, got '${text.replace(/[[\]/.*]/g, "\\$&")}'$`,
        ),
      );
    }
  });
});

describe("executorFromShorthand", () => {
  it("keeps the configured executor's other keys when the kind is the same", () => {
    const configured = {
      kind: "ssh",
      host: "old",
      port: 22,
      user: "ci",
      identity_file: "/k",
      known_hosts: "/kh",
      keepalive_ms: 5000,
    } as const;
    expect(executorFromShorthand({ kind: "ssh", host: "new", port: 2200 }, configured)).toEqual({
      ...configured,
      host: "new",
      port: 2200,
    });
    expect(
      executorFromShorthand(
        { kind: "docker", container: "c" },
        { kind: "docker", image: "i", docker_host: "unix:///d.sock" },
      ),
    ).toEqual({
      kind: "docker",
      container: "c",
      docker_host: "unix:///d.sock",
    });
  });

  it("fills in this machine's user and a way to authenticate for SSH", () => {
    expect(
      executorFromShorthand(
        { kind: "ssh", host: "h" },
        { kind: "local" },
        { user: "me", sshIdentity: { agent: true } },
      ),
    ).toEqual({ kind: "ssh", host: "h", user: "me", agent: true });
  });
});
