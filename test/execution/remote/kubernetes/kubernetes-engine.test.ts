import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openKubernetesEngine } from "../../../../src/execution/remote/kubernetes/kubernetes-engine.js";
import { type FakeKubernetes, startFakeKubernetes } from "../../../support/fake-kubernetes.js";

describe.runIf(process.platform === "linux")("the Kubernetes engine against the fake API server", () => {
  let fake: FakeKubernetes;
  let old: FakeKubernetes;
  const env = () => ({ KUBECONFIG: fake.kubeconfig });
  const pods = {
    "default/app": { containers: ["main", "sidecar"] },
    "default/locked": { containers: ["main"], forbidden: true },
    "default/pending": { containers: ["main"], phase: "Pending" },
    "team/api": { containers: ["api"] },
  };

  beforeAll(async () => {
    fake = await startFakeKubernetes({ pods });
    old = await startFakeKubernetes({ pods, protocols: ["v4.channel.k8s.io"] });
  });
  afterAll(async () => {
    await fake?.close();
    await old?.close();
  });

  it("opens a pod's first container in the context's namespace, or the one asked for", async () => {
    const engine = await openKubernetesEngine({ pod: "app", env: env() });
    expect(engine).toMatchObject({
      namespace: "default",
      pod: "app",
      container: "main",
      server: fake.server,
    });
    const other = await openKubernetesEngine({ pod: "api", namespace: "team", container: "api", env: env() });
    expect(other.container).toBe("api");
  });

  it("says what to fix for a missing pod, a missing container, RBAC, a pending pod and an unknown context", async () => {
    await expect(openKubernetesEngine({ pod: "gone", env: env() })).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("No pod default/gone"),
    });
    await expect(openKubernetesEngine({ pod: "app", container: "db", env: env() })).rejects.toMatchObject({
      code: "no-target",
      message: "The pod default/app has no container db; its containers: main, sidecar.",
    });
    await expect(openKubernetesEngine({ pod: "locked", env: env() })).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("is forbidden"),
    });
    await expect(openKubernetesEngine({ pod: "pending", env: env() })).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("is Pending, not Running"),
    });
    await expect(openKubernetesEngine({ pod: "app", context: "prod", env: env() })).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("no context named prod"),
    });
  });

  it("keeps the API server's refusal body when an exec is refused after the pod was read", async () => {
    const engine = await openKubernetesEngine({ pod: "app", container: "sidecar", env: env() });
    const run = () =>
      engine.exec({ argv: ["true"], stdin: false }, { onStdout: () => undefined, onStderr: () => undefined });
    fake.setPod("default/app", { containers: ["main"] });
    await expect(run()).rejects.toMatchObject({
      code: "no-target",
      message: expect.stringContaining("container sidecar is not valid for pod app"),
    });
    fake.setPod("default/app", { containers: ["main", "sidecar"], forbidden: true });
    await expect(run()).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining('cannot create resource "pods/exec"'.replace(/\\/g, "")),
    });
    fake.setPod("default/app", pods["default/app"]);
    expect(await (await run()).ended).toEqual({ kind: "exited", exitCode: 0, signal: null });
  });

  it("negotiates v5, and v4 with an older server", async () => {
    for (const [server, expected] of [
      [fake, "v5.channel.k8s.io"],
      [old, "v4.channel.k8s.io"],
    ] as const) {
      const engine = await openKubernetesEngine({ pod: "app", env: { KUBECONFIG: server.kubeconfig } });
      const exec = await engine.exec(
        { argv: ["sh", "-c", "exit 4"], stdin: false },
        { onStdout: () => undefined, onStderr: () => undefined },
      );
      expect(await exec.ended).toEqual({ kind: "exited", exitCode: 4, signal: null });
      expect(engine.protocol()).toBe(expected);
    }
  });

  it("reads a program that cannot start as not started", async () => {
    const engine = await openKubernetesEngine({ pod: "app", env: env() });
    const exec = await engine.exec(
      { argv: ["no-such-program"], stdin: false },
      { onStdout: () => undefined, onStderr: () => undefined },
    );
    expect(await exec.ended).toMatchObject({
      kind: "not-started",
      message: expect.stringContaining("executable file not found"),
    });
  });
});
