import type { Duplex } from "node:stream";

/**
 * The part of dockerode shellgate uses, typed here so the optional package is never a type
 * dependency of the published declarations.
 */
export interface DockerExecHandle {
  start(options: { hijack: boolean; stdin: boolean; Tty?: boolean }): Promise<Duplex>;
  inspect(): Promise<{ readonly Running: boolean; readonly ExitCode: number | null }>;
  resize(options: { h: number; w: number }): Promise<unknown>;
}

export interface DockerContainerInfo {
  readonly Id: string;
  readonly Name: string;
  readonly State: { readonly Running: boolean; readonly Status?: string };
  readonly Config: { readonly Image: string; readonly WorkingDir?: string; readonly User?: string };
  readonly HostConfig: { readonly NetworkMode?: string; readonly Init?: boolean | null };
}

export interface DockerContainerHandle {
  readonly id: string;
  exec(options: {
    Cmd: string[];
    Env?: string[];
    User?: string;
    AttachStdin: boolean;
    AttachStdout: boolean;
    AttachStderr: boolean;
    Tty: boolean;
    ConsoleSize?: [number, number];
  }): Promise<DockerExecHandle>;
  inspect(): Promise<DockerContainerInfo>;
  start(): Promise<unknown>;
  remove(options: { force: boolean }): Promise<unknown>;
}

export interface DockerClient {
  getContainer(id: string): DockerContainerHandle;
  createContainer(options: Record<string, unknown>): Promise<DockerContainerHandle>;
  ping(): Promise<unknown>;
  readonly modem: {
    demuxStream(
      stream: Duplex,
      stdout: { write(chunk: Buffer): unknown },
      stderr: { write(chunk: Buffer): unknown },
    ): void;
  };
}

type DockerConstructor = new (options?: Record<string, unknown>) => DockerClient;

/** Where the daemon is: a unix socket or a TCP address, from `docker_host`, else DOCKER_HOST, else the local socket. */
export function dockerConnection(
  dockerHost: string | undefined,
  env: NodeJS.ProcessEnv,
): Record<string, unknown> {
  const address = dockerHost ?? env.DOCKER_HOST;
  if (address === undefined || address === "") return { socketPath: "/var/run/docker.sock" };
  if (address.startsWith("unix://")) return { socketPath: address.slice("unix://".length) };
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(address);
  if (tcp) {
    // TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH) is docker-modem's own reading of the environment.
    const tls = env.DOCKER_TLS_VERIFY !== undefined && env.DOCKER_TLS_VERIFY !== "";
    return { host: tcp[1]!.replace(/^\[|\]$/g, ""), port: Number(tcp[2]), protocol: tls ? "https" : "http" };
  }
  throw new Error(`docker_host must be unix:///path/to/docker.sock or tcp://host:port, got '${address}'`);
}

export async function createDockerClient(connection: Record<string, unknown>): Promise<DockerClient> {
  const module = (await import("dockerode")) as unknown as { default: DockerConstructor };
  return new module.default(connection);
}
