import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ShellgateConfigInput } from "../../src/config/schema.js";
import { engineFor } from "./engines.js";
import { startFakeKubernetes } from "./fake-kubernetes.js";

/** Where one contract-suite instance runs commands: its config, its environment, its directory. */
export interface ExecutorPlace {
  readonly config: ShellgateConfigInput;
  /** The host environment (DOCKER_HOST, KUBECONFIG, a variable that must not reach a target). */
  readonly env: NodeJS.ProcessEnv;
  /** The directory commands start in, in the target's spelling. */
  readonly directory: string;
  close(): Promise<void>;
}

/** Spill files stay on this machine whatever the executor: a directory of the test's own. */
async function withSpillDirectory(place: ExecutorPlace): Promise<ExecutorPlace> {
  const spill = await mkdtemp(path.join(os.tmpdir(), "shellgate-contract-spill-"));
  return {
    ...place,
    config: { ...place.config, spill_dir: spill },
    async close() {
      await place.close();
      await rm(spill, { recursive: true, force: true });
    },
  };
}

export interface ExecutorCase {
  readonly name: string;
  readonly remote: boolean;
  open(): Promise<ExecutorPlace>;
}

/** A variable of this machine's environment that no remote target may see. */
export const HOST_ONLY_VARIABLE = "SHELLGATE_HOST_ONLY";

/**
 * Every executor the tool contract suite runs against here: local, the Docker test containers
 * (bash, and busybox without bash), the test sshd and the fake Kubernetes API server (v5). The
 * reasons for the ones missing are in `skipped`; with SHELLGATE_ENGINE_TESTS=required a missing
 * engine fails instead (see `engines.ts`).
 */
export async function executorCases(): Promise<{ cases: ExecutorCase[]; skipped: string[] }> {
  const hostEnv = { ...process.env, [HOST_ONLY_VARIABLE]: "leaked" };
  const cases: ExecutorCase[] = [];
  const skipped: string[] = [];
  // The contract's commands are bash on a POSIX host (setsid, /proc); a Windows host's local runs
  // are held to the same results by the test/windows suites, with Git Bash on windows-latest.
  if (process.platform === "win32") {
    skipped.push(
      "local: the contract's commands (setsid, /proc) are POSIX; Windows is covered by test/windows",
    );
  } else {
    cases.push({
      name: "local",
      remote: false,
      async open() {
        const directory = await mkdtemp(path.join(os.tmpdir(), "shellgate-contract-"));
        return {
          config: { working_dir: directory },
          env: hostEnv,
          directory,
          close: () => rm(directory, { recursive: true, force: true }),
        };
      },
    });
  }
  const docker = await engineFor("docker");
  if (docker.engine) {
    const manifest = docker.engine;
    for (const image of ["bash", "busybox"] as const) {
      cases.push({
        name: `docker (${image})`,
        remote: true,
        async open() {
          return {
            config: {
              executor: {
                kind: "docker",
                container: manifest.containers[image],
                docker_host: manifest.docker_host,
              },
              working_dir: "/tmp",
            },
            env: hostEnv,
            directory: "/tmp",
            close: async () => undefined,
          };
        },
      });
    }
  } else skipped.push(`docker: ${docker.reason}`);
  const ssh = await engineFor("ssh");
  if (ssh.engine) {
    const server = ssh.engine.ssh;
    cases.push({
      name: "ssh",
      remote: true,
      async open() {
        return {
          config: {
            executor: {
              kind: "ssh",
              host: server.host,
              port: server.port,
              user: server.user,
              identity_file: server.identity_file,
              known_hosts: server.known_hosts,
            },
            working_dir: "/tmp",
          },
          env: hostEnv,
          directory: "/tmp",
          close: async () => undefined,
        };
      },
    });
  } else skipped.push(`ssh: ${ssh.reason}`);
  if (process.platform === "linux") {
    cases.push({
      name: "kubernetes (fake API server)",
      remote: true,
      async open() {
        const fake = await startFakeKubernetes({ pods: { "default/app": { containers: ["main"] } } });
        return {
          config: { executor: { kind: "kubernetes", pod: "app" } },
          env: { ...hostEnv, KUBECONFIG: fake.kubeconfig },
          directory: fake.root,
          close: () => fake.close(),
        };
      },
    });
  }
  return {
    cases: cases.map((entry) => ({ ...entry, open: async () => withSpillDirectory(await entry.open()) })),
    skipped,
  };
}
