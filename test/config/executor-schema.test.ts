import { describe, expect, it } from "vitest";
import type { ConfigError } from "../../src/config/config-error.js";
import { parseConfig } from "../../src/config/parse-config.js";

function problem(executor: unknown): ConfigError {
  try {
    parseConfig({ executor });
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("config executor", () => {
  it("is local unless asked otherwise", () => {
    expect(parseConfig({}).executor).toEqual({ kind: "local" });
  });

  it("takes the four shapes with their defaults", () => {
    expect(
      parseConfig({ executor: { kind: "docker", container: "app", user: "node", workdir: "/srv" } }).executor,
    ).toEqual({
      kind: "docker",
      container: "app",
      user: "node",
      workdir: "/srv",
    });
    expect(
      parseConfig({ executor: { kind: "docker", image: "node:22", docker_host: "tcp://10.0.0.2:2375" } })
        .executor,
    ).toMatchObject({
      image: "node:22",
    });
    expect(
      parseConfig({ executor: { kind: "ssh", host: "box", user: "ci", identity_file: "~/.ssh/id_ed25519" } })
        .executor,
    ).toEqual({
      kind: "ssh",
      host: "box",
      port: 22,
      user: "ci",
      identity_file: "~/.ssh/id_ed25519",
      known_hosts: "~/.ssh/known_hosts",
      keepalive_ms: 10_000,
    });
    expect(
      parseConfig({ executor: { kind: "kubernetes", namespace: "ci", pod: "runner", container: "main" } })
        .executor,
    ).toEqual({
      kind: "kubernetes",
      namespace: "ci",
      pod: "runner",
      container: "main",
    });
  });

  it("names what to fix in one clause, and marks the problem as the executor's", () => {
    expect(problem({ kind: "podman" })).toMatchObject({
      message: `config key 'executor.kind' is "podman"; allowed values: "local", "docker", "ssh", "kubernetes"`,
      keys: ["executor"],
    });
    expect(problem({ kind: "docker" }).message).toBe(
      "config key 'executor' needs exactly one of 'container' (an existing container) and 'image' (to create one)",
    );
    expect(problem({ kind: "docker", container: "a", contianer: "b" }).message).toBe(
      "unknown config key 'contianer' in 'executor'; known: kind, container, image, docker_host, user, workdir",
    );
    expect(problem({ kind: "ssh", host: "h", user: "u" }).message).toBe(
      "config key 'executor' needs 'identity_file' or 'agent': true to authenticate",
    );
    expect(problem({ kind: "ssh", host: "h", user: "u", agent: true, port: 0 }).message).toBe(
      "config key 'executor.port' must be at least 1, got 0",
    );
    expect(problem({ kind: "kubernetes" }).message).toBe("config key 'executor.pod' is required (a string)");
    expect(problem({ kind: "docker", container: "c", docker_host: "http://x" }).message).toContain(
      "must start with unix:/// or tcp://",
    );
    expect(problem({ kind: "docker", container: "c", workdir: "srv" }).message).toContain(
      "absolute path in the container",
    );
  });
});
