import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One SSH server started by scripts/engines/sshd.sh. */
export interface SshEngine {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly identity_file: string;
  readonly known_hosts: string;
  readonly max_sessions: number;
}

/** What scripts/engines/engines.sh wrote: the private dockerd and the sshd instances. */
export interface EngineManifest {
  readonly docker: {
    readonly docker_host: string;
    readonly containers: { readonly bash: string; readonly busybox: string; readonly noshell: string };
    readonly images: { readonly bash: string; readonly busybox: string; readonly noshell: string };
  };
  readonly ssh: SshEngine;
  readonly ssh_small: SshEngine;
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function manifestPath(): string {
  const directory = process.env.SHELLGATE_ENGINES_DIR ?? path.join(repositoryRoot, ".engines");
  return path.join(directory, "engines.json");
}

function readManifest(): EngineManifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestPath(), "utf8")) as EngineManifest;
  } catch {
    return undefined;
  }
}

function answers(options: net.NetConnectOpts): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(options);
    socket.setTimeout(5000);
    const done = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

const HOW_TO_START = "start them with scripts/engines/engines.sh start";

export type EngineProbe<T> =
  | { readonly engine: T; readonly reason?: undefined }
  | { readonly engine?: undefined; readonly reason: string };

/**
 * The engines for the executor tests, or the reason they are not running here (the tests then
 * skip, naming it). With SHELLGATE_ENGINE_TESTS=required (set by .ci/run, which starts them) a
 * missing engine fails instead, as SHELLGATE_SANDBOX_TESTS=required does for the sandbox.
 */
export async function engineFor<K extends "docker" | "ssh">(
  kind: K,
): Promise<EngineProbe<K extends "docker" ? EngineManifest["docker"] : EngineManifest>> {
  type Result = K extends "docker" ? EngineManifest["docker"] : EngineManifest;
  const manifest = process.platform === "linux" ? readManifest() : undefined;
  let problem: string | undefined;
  if (process.platform !== "linux") problem = "the test engines run on Linux only";
  else if (!manifest) problem = `no ${manifestPath()}: ${HOW_TO_START}`;
  else if (kind === "docker") {
    const socket = manifest.docker.docker_host.replace(/^unix:\/\//, "");
    if (!(await answers({ path: socket }))) problem = `dockerd does not answer on ${socket}: ${HOW_TO_START}`;
  } else if (!(await answers({ host: manifest.ssh.host, port: manifest.ssh.port }))) {
    problem = `sshd does not answer on ${manifest.ssh.host}:${manifest.ssh.port}: ${HOW_TO_START}`;
  }
  if (problem === undefined && manifest) {
    return { engine: (kind === "docker" ? manifest.docker : manifest) as Result };
  }
  const reason = problem ?? "unavailable";
  if (process.env.SHELLGATE_ENGINE_TESTS === "required" && process.platform === "linux") {
    throw new Error(`SHELLGATE_ENGINE_TESTS=required but the ${kind} engine is unavailable: ${reason}`);
  }
  return { reason };
}
