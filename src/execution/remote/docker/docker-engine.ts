import type { Duplex } from "node:stream";
import type {
  EngineExec,
  EngineExecHandlers,
  EngineExecRequest,
  EngineExit,
  RemoteEngine,
} from "../engine.js";
import { ExecutorError } from "../executor-error.js";
import { loadClient } from "../load-client.js";
import {
  createDockerClient,
  type DockerClient,
  type DockerContainerHandle,
  type DockerContainerInfo,
  dockerConnection,
} from "./docker-client.js";
import { dockerExit } from "./docker-exit.js";

export interface DockerEngineOptions {
  /** An existing container, by name or id. */
  readonly container?: string;
  /** Or an image to create a container from (removed again at `close()`). */
  readonly image?: string;
  /** `unix:///…` or `tcp://host:port`; default DOCKER_HOST, else the local socket. */
  readonly dockerHost?: string;
  /** The user commands run as (`docker exec --user`). */
  readonly user?: string;
  /** Where DOCKER_HOST is read (the host's environment, never the target's). */
  readonly env?: NodeJS.ProcessEnv;
}

/** The container commands run in, as the description names it. */
export interface DockerContainerFacts {
  readonly id: string;
  readonly name: string;
  readonly image: string;
  /** True when shellgate created it from `image` (and removes it at close). */
  readonly created: boolean;
  /** `HostConfig.NetworkMode`: "none", "host", "bridge", a network's name. */
  readonly networkMode?: string;
  /** The container's working directory (`WORKDIR`), when it sets one. */
  readonly workingDir?: string;
  /** Whether an init reaps orphans at pid 1 (`--init`). */
  readonly init: boolean;
}

export interface DockerEngine extends RemoteEngine {
  readonly container: DockerContainerFacts;
}

interface DockerApiError {
  readonly statusCode?: number;
  readonly code?: string;
  readonly json?: { readonly message?: string } | null;
  readonly message?: string;
}

function apiMessage(error: unknown): string {
  const api = error as DockerApiError;
  return (api.json?.message ?? api.message ?? String(error)).trim();
}

function daemonName(options: DockerEngineOptions): string {
  return options.dockerHost ?? options.env?.DOCKER_HOST ?? "unix:///var/run/docker.sock";
}

function unreachable(options: DockerEngineOptions, error: unknown): ExecutorError {
  const code = (error as DockerApiError).code;
  return new ExecutorError(
    "unreachable",
    `Cannot reach the Docker daemon at ${daemonName(options)} (${code ?? apiMessage(error)}): start Docker, or set docker_host (or DOCKER_HOST) to where it listens.`,
  );
}

const KEEP_RUNNING = ["sleep", "2147483647"];

async function containerFor(
  client: DockerClient,
  options: DockerEngineOptions,
): Promise<DockerContainerHandle> {
  if (options.container !== undefined) return client.getContainer(options.container);
  const image = options.image as string;
  let created: DockerContainerHandle;
  try {
    created = await client.createContainer({
      Image: image,
      Entrypoint: [],
      Cmd: KEEP_RUNNING,
      Tty: false,
      Labels: { "dev.shellgate.created": "1" },
      // An init at pid 1 reaps what the group kill orphans; without it zombies pile up.
      HostConfig: { Init: true },
    });
  } catch (error) {
    if ((error as DockerApiError).statusCode === 404) {
      throw new ExecutorError(
        "no-target",
        `The image ${image} is not on the Docker daemon at ${daemonName(options)}: pull or build it first (docker pull ${image}).`,
      );
    }
    throw new ExecutorError(
      "engine",
      `Docker could not create a container from ${image}: ${apiMessage(error)}`,
    );
  }
  try {
    await created.start();
  } catch (error) {
    await created.remove({ force: true }).catch(() => undefined);
    throw new ExecutorError(
      "no-target",
      `A container from ${image} would not start with ${KEEP_RUNNING.join(" ")} as its command (${apiMessage(error)}): use an image that has sleep, or give an existing container instead.`,
    );
  }
  return created;
}

async function inspectRunning(
  handle: DockerContainerHandle,
  options: DockerEngineOptions,
): Promise<DockerContainerInfo> {
  let info: DockerContainerInfo;
  try {
    info = await handle.inspect();
  } catch (error) {
    if ((error as DockerApiError).statusCode === 404) {
      throw new ExecutorError(
        "no-target",
        `No container named ${options.container} on the Docker daemon at ${daemonName(options)}: check the name (docker ps), or give "image" to create one.`,
      );
    }
    throw unreachable(options, error);
  }
  if (!info.State.Running) {
    throw new ExecutorError(
      "no-target",
      `The container ${info.Name.replace(/^\//, "")} is ${info.State.Status ?? "not running"}: start it (docker start ${info.Name.replace(/^\//, "")}).`,
    );
  }
  return info;
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** How long the status waits for the stream to close after the wrapper reported its end. */
const STATUS_AFTER_END_MS = 150;

/** The first bytes of stdout, where Docker writes why it could not start the program. */
const HEAD_BYTES = 4096;

/**
 * Connects to the daemon and finds (or creates) the container; every exec reuses the client.
 * Rejects with one `ExecutorError` sentence: daemon unreachable, no such container, not running.
 */
export async function openDockerEngine(options: DockerEngineOptions): Promise<DockerEngine> {
  if ((options.container === undefined) === (options.image === undefined)) {
    throw new ExecutorError(
      "no-target",
      `The docker executor needs either "container" or "image", not both or neither.`,
    );
  }
  const connection = dockerConnection(options.dockerHost, options.env ?? process.env);
  const client = await loadClient("dockerode", () => createDockerClient(connection));
  try {
    await client.ping();
  } catch (error) {
    throw unreachable(options, error);
  }
  const handle = await containerFor(client, options);
  const created = options.container === undefined;
  let info: DockerContainerInfo;
  try {
    info = await inspectRunning(handle, options);
  } catch (error) {
    if (created) await handle.remove({ force: true }).catch(() => undefined);
    throw error;
  }
  const container: DockerContainerFacts = {
    id: info.Id,
    name: info.Name.replace(/^\//, ""),
    image: info.Config.Image,
    created,
    ...(info.HostConfig.NetworkMode ? { networkMode: info.HostConfig.NetworkMode } : {}),
    ...(info.Config.WorkingDir ? { workingDir: info.Config.WorkingDir } : {}),
    init: info.HostConfig.Init === true,
  };
  let closing: Promise<void> | undefined;

  async function exec(request: EngineExecRequest, handlers: EngineExecHandlers): Promise<EngineExec> {
    const tty = request.tty;
    let execution: Awaited<ReturnType<DockerContainerHandle["exec"]>>;
    let stream: Duplex;
    try {
      execution = await handle.exec({
        Cmd: [...request.argv],
        ...(request.env
          ? { Env: Object.entries(request.env).map(([name, value]) => `${name}=${value}`) }
          : {}),
        ...(options.user === undefined ? {} : { User: options.user }),
        AttachStdin: request.stdin,
        AttachStdout: true,
        AttachStderr: true,
        Tty: tty !== undefined,
        ...(tty ? { ConsoleSize: [tty.rows, tty.columns] as [number, number] } : {}),
      });
      stream = await execution.start({ hijack: true, stdin: request.stdin, Tty: tty !== undefined });
    } catch (error) {
      const status = (error as DockerApiError).statusCode;
      if (status === 404 || status === 409) {
        throw new ExecutorError(
          "no-target",
          `The container ${container.name} is gone or stopped (${apiMessage(error)}); nothing was started.`,
        );
      }
      throw unreachable(options, error);
    }
    let head = "";
    const onStdout = (chunk: Buffer) => {
      if (head.length < HEAD_BYTES) head += chunk.toString("latin1", 0, HEAD_BYTES - head.length);
      handlers.onStdout(chunk);
    };
    if (tty) stream.on("data", onStdout);
    else
      client.modem.demuxStream(stream, { write: onStdout }, { write: (chunk) => handlers.onStderr(chunk) });
    if (tty) void execution.resize({ h: tty.rows, w: tty.columns }).catch(() => undefined);
    let lostReason: string | undefined;
    stream.on("error", (error: Error) => {
      lostReason ??= error.message;
    });
    let isClosed = false;
    const closed = new Promise<void>((resolve) =>
      stream.once("close", () => {
        isClosed = true;
        resolve();
      }),
    );

    // The exit code is known only once the main process is gone; right after the wrapper's end
    // line, or the stream's end, the daemon may not have recorded it yet.
    let inspectFailure: string | undefined;
    const inspected = async (): Promise<EngineExit | undefined> => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const state = await execution.inspect().catch((error: unknown) => {
          inspectFailure = apiMessage(error);
          return undefined;
        });
        if (state === undefined) return undefined;
        if (!state.Running) return dockerExit(state.ExitCode, head);
        await delay(10 * (attempt + 1));
      }
      return undefined;
    };
    // Once the stream closed, one inspect answers both the end and a status asked at the end line
    // (each is a round trip to the daemon, on every command).
    let afterClose: Promise<EngineExit | undefined> | undefined;
    const inspectedAfterClose = () => {
      afterClose ??= inspected();
      return afterClose;
    };
    const ended = (async (): Promise<EngineExit> => {
      await closed;
      const exit = await inspectedAfterClose();
      if (exit) return exit;
      if (lostReason !== undefined) {
        return { kind: "lost", message: `the connection to the Docker daemon broke (${lostReason})` };
      }
      // The exec is unknown to the daemon now: its container was removed or restarted under it.
      if (inspectFailure !== undefined) {
        return { kind: "lost", message: `the container ${container.name} went away (${inspectFailure})` };
      }
      return { kind: "exited", exitCode: null, signal: null };
    })();

    return {
      ended,
      write: (data) =>
        new Promise((resolve, reject) => {
          stream.write(data, (error) => (error ? reject(error) : resolve()));
        }),
      closeStdin: async () => {
        // A half-close: the program reads EOF, the output keeps coming.
        stream.end();
      },
      // Asked at the wrapper's end line: the stream usually closes a moment later (then one inspect
      // answers, as for any exec); only a stream held open by a background child is not waited for.
      status: async () => {
        await Promise.race([closed, delay(STATUS_AFTER_END_MS)]);
        return isClosed ? inspectedAfterClose() : inspected();
      },
      resize: async (columns, rows) => {
        if (tty) await execution.resize({ h: rows, w: columns });
      },
      abandon: () => stream.destroy(),
    };
  }

  return {
    kind: "docker",
    container,
    exec,
    close() {
      closing ??= created
        ? handle.remove({ force: true }).then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve();
      return closing;
    },
  };
}
