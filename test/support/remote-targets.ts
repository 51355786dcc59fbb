import { openDockerEngine } from "../../src/execution/remote/docker/docker-engine.js";
import type { RemoteEngine } from "../../src/execution/remote/engine.js";
import { openKubernetesEngine } from "../../src/execution/remote/kubernetes/kubernetes-engine.js";
import { probeTarget } from "../../src/execution/remote/probe-target.js";
import type { RemoteTarget } from "../../src/execution/remote/remote-launcher.js";
import { openSshEngine } from "../../src/execution/remote/ssh/ssh-engine.js";
import { engineFor } from "./engines.js";
import { startFakeKubernetes } from "./fake-kubernetes.js";

/** One target the remote tests run against, opened and closed by the test file. */
export interface TestTarget {
  readonly name: string;
  open(): Promise<{ readonly target: RemoteTarget; close(): Promise<void> }>;
}

async function targetOf(engine: RemoteEngine, name: string): Promise<RemoteTarget> {
  const facts = await probeTarget(engine, name);
  if (!facts.shell) throw new Error(`${name} has no shell`);
  return { engine, facts: { ...facts, shell: facts.shell }, name, terminals: true };
}

/**
 * Every remote target available here: the test containers (bash and busybox-only) on the private
 * dockerd, the test sshd, and the fake Kubernetes API server speaking v5 and v4. The reasons for
 * the ones missing are in `skipped`.
 */
export async function remoteTestTargets(): Promise<{ targets: TestTarget[]; skipped: string[] }> {
  const targets: TestTarget[] = [];
  const skipped: string[] = [];
  const docker = await engineFor("docker");
  if (docker.engine) {
    const manifest = docker.engine;
    for (const image of ["bash", "busybox"] as const) {
      targets.push({
        name: `docker (${image})`,
        async open() {
          const engine = await openDockerEngine({
            container: manifest.containers[image],
            env: { DOCKER_HOST: manifest.docker_host },
          });
          return {
            target: await targetOf(engine, `container ${manifest.containers[image]}`),
            close: () => engine.close(),
          };
        },
      });
    }
  } else skipped.push(`docker: ${docker.reason}`);
  const ssh = await engineFor("ssh");
  if (ssh.engine) {
    const server = ssh.engine.ssh;
    targets.push({
      name: "ssh",
      async open() {
        const engine = await openSshEngine({
          host: server.host,
          port: server.port,
          user: server.user,
          identityFile: server.identity_file,
          knownHosts: server.known_hosts,
        });
        return {
          target: await targetOf(engine, `host ${server.host} over SSH`),
          close: () => engine.close(),
        };
      },
    });
  } else skipped.push(`ssh: ${ssh.reason}`);
  if (process.platform === "linux") {
    for (const protocol of ["v5.channel.k8s.io", "v4.channel.k8s.io"]) {
      targets.push({
        name: `kubernetes (${protocol.slice(0, 2)}, fake API server)`,
        async open() {
          const fake = await startFakeKubernetes({
            protocols: [protocol],
            pods: { "default/app": { containers: ["main"] } },
          });
          const engine = await openKubernetesEngine({ pod: "app", env: { KUBECONFIG: fake.kubeconfig } });
          return {
            target: await targetOf(engine, "pod default/app"),
            close: async () => {
              await engine.close();
              await fake.close();
            },
          };
        },
      });
    }
  }
  return { targets, skipped };
}
