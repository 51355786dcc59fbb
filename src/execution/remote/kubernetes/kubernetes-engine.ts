import { PassThrough, Writable } from "node:stream";
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
  type ExecSocket,
  type ExecTransport,
  type KubeConfigHandle,
  type KubernetesModule,
  loadKubernetes,
} from "./kubernetes-client.js";
import { type ApiStatusBody, type ExecStatus, execStatusExit, parseStatusBody } from "./kubernetes-status.js";

export interface KubernetesEngineOptions {
  /** A kubeconfig context; default the current one. */
  readonly context?: string;
  /** Default the context's namespace, else "default". */
  readonly namespace?: string;
  readonly pod: string;
  /** Default the pod's first container. */
  readonly container?: string;
  /** This machine's environment (KUBECONFIG); never sent to the target. */
  readonly env?: NodeJS.ProcessEnv;
}

export interface KubernetesEngine extends RemoteEngine {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly server: string;
  /** The channel protocol the last exec negotiated (`v5.channel.k8s.io`, or v4 on an older server). */
  readonly protocol: () => string | undefined;
}

export const CHANNEL_V5 = "v5.channel.k8s.io";
export const CHANNEL_V4 = "v4.channel.k8s.io";
const CLOSE_CHANNEL = 255;
const STATUS_WAIT_MS = 300;

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

interface ApiFailure {
  readonly code?: number | string;
  readonly body?: unknown;
  readonly message?: string;
  readonly statusBody?: ApiStatusBody;
}

function bodyOf(error: ApiFailure): ApiStatusBody | undefined {
  if (error.statusBody) return error.statusBody;
  if (typeof error.body === "string") return parseStatusBody(error.body);
  return typeof error.body === "object" && error.body !== null ? (error.body as ApiStatusBody) : undefined;
}

function loadConfig(module: KubernetesModule, options: KubernetesEngineOptions): KubeConfigHandle {
  const config = new module.KubeConfig();
  const file = options.env?.KUBECONFIG?.split(process.platform === "win32" ? ";" : ":")[0];
  try {
    if (file) config.loadFromFile(file);
    else config.loadFromDefault();
  } catch (error) {
    throw new ExecutorError(
      "unreachable",
      `Cannot load the kubeconfig${file ? ` ${file}` : ""} (${(error as Error).message}): set KUBECONFIG to a readable kubeconfig file.`,
    );
  }
  if (options.context !== undefined) {
    if (!config.getContextObject(options.context)) {
      throw new ExecutorError(
        "no-target",
        `The kubeconfig has no context named ${options.context}: check "context" (kubectl config get-contexts).`,
      );
    }
    config.setCurrentContext(options.context);
  }
  return config;
}

/**
 * Connects to the API server of a kubeconfig context and checks the pod and container before any
 * exec. Each exec is a websocket over `v5.channel.k8s.io` (stdin can end on its own, with the
 * close frame), falling back to `v4.channel.k8s.io` on older servers, where ending stdin can only
 * close the whole connection and the exit status with it: `closeStdin` says so rather than lose it.
 */
export async function openKubernetesEngine(options: KubernetesEngineOptions): Promise<KubernetesEngine> {
  const { module, WebSocket } = await loadClient("@kubernetes/client-node", () => loadKubernetes());
  const config = loadConfig(module, options);
  const context = config.getContextObject(config.getCurrentContext());
  const namespace = options.namespace ?? context?.namespace ?? "default";
  const server = config.getCurrentCluster()?.server ?? "(no cluster)";
  const where = `pod ${namespace}/${options.pod}`;
  const refusal = (error: ApiFailure, doing: string): ExecutorError => {
    const body = bodyOf(error);
    const code = Number(body?.code ?? error.code);
    const detail = body?.message ?? error.message ?? String(error);
    if (code === 403) {
      return new ExecutorError(
        "refused",
        `The Kubernetes API refused to ${doing} ${where} (forbidden: ${detail}); grant the user create on pods/exec (and get on pods) in namespace ${namespace}.`,
      );
    }
    if (code === 404)
      return new ExecutorError(
        "no-target",
        `No ${where} on ${server} (${detail}): check "namespace" and "pod" (kubectl get pods -n ${namespace}).`,
      );
    if (code === 400)
      return new ExecutorError("no-target", `The Kubernetes API refused to ${doing} ${where}: ${detail}.`);
    if (code === 401)
      return new ExecutorError(
        "refused",
        `The Kubernetes API at ${server} did not accept the kubeconfig's credentials (${detail}): log in again or check the context's user.`,
      );
    return new ExecutorError(
      "unreachable",
      `Cannot reach the Kubernetes API server at ${server} (${detail}): check the context's server and that the cluster runs.`,
    );
  };
  let container: string;
  try {
    const found = await config
      .makeApiClient(module.CoreV1Api)
      .readNamespacedPod({ name: options.pod, namespace });
    const names = (found.spec?.containers ?? []).map((entry) => entry.name);
    if (found.status?.phase !== undefined && found.status.phase !== "Running") {
      throw new ExecutorError(
        "no-target",
        `The ${where} is ${found.status.phase}, not Running: wait for it or pick a running pod.`,
      );
    }
    if (options.container !== undefined && !names.includes(options.container)) {
      throw new ExecutorError(
        "no-target",
        `The ${where} has no container ${options.container}; its containers: ${names.join(", ") || "none"}.`,
      );
    }
    container = options.container ?? names[0] ?? "";
  } catch (error) {
    if (error instanceof ExecutorError) throw error;
    throw refusal(error as ApiFailure, "read");
  }

  let lastProtocol: string | undefined;
  // The client's own exec protocol handling over a transport of ours: the upgrade's refusal body
  // (RBAC, a missing container) is kept, and only the two protocols with a status channel are offered.
  const transport: ExecTransport = {
    async connect(requestPath, _textHandler, binaryHandler) {
      const socketOptions = {};
      await config.applyToHTTPSOptions(socketOptions);
      const uri = `${server.replace(/^http/, "ws").replace(/\/$/, "")}${requestPath}`;
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(uri, [CHANNEL_V5, CHANNEL_V4], socketOptions);
        let opened = false;
        socket.on("unexpected-response", (request, response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            request.destroy();
            reject(
              Object.assign(new Error(`HTTP ${response.statusCode}`), {
                code: response.statusCode,
                statusBody: parseStatusBody(text) ?? {
                  message: text.trim() || `HTTP ${response.statusCode}`,
                },
              }),
            );
          });
        });
        socket.on("open", () => {
          opened = true;
          resolve(socket);
        });
        socket.on("error", (error) => {
          if (!opened) reject(error);
        });
        socket.on("message", (data, isBinary) => {
          if (!isBinary || data.length === 0 || !binaryHandler) return;
          // A close frame for an output stream: the status frame that follows ends the exec.
          if (data[0] === CLOSE_CHANNEL) return;
          if (!binaryHandler(data[0] as number, data.subarray(1))) socket.close();
        });
      });
    },
  };
  const execClient = new module.Exec(config, transport);

  async function exec(request: EngineExecRequest, handlers: EngineExecHandlers): Promise<EngineExec> {
    const tty = request.tty;
    const stdout = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          handlers.onStdout(chunk);
          callback();
        },
      }),
      // A size makes the client send resize frames (channel 4) for the terminal.
      tty ? { columns: tty.columns, rows: tty.rows } : {},
    );
    const stderr = tty
      ? null
      : new Writable({
          write(chunk: Buffer, _encoding, callback) {
            handlers.onStderr(chunk);
            callback();
          },
        });
    const stdin = request.stdin || tty ? new PassThrough() : null;
    let status: ExecStatus | undefined;
    let socket: ExecSocket;
    try {
      socket = await execClient.exec(
        namespace,
        options.pod,
        container,
        [...request.argv],
        stdout,
        stderr,
        stdin,
        tty !== undefined,
        (value) => {
          status = value as ExecStatus;
        },
      );
    } catch (error) {
      throw refusal(error as ApiFailure, "exec in");
    }
    lastProtocol = socket.protocol;
    let lostReason: string | undefined;
    let closedByUs = false;
    socket.on("error", (error: Error) => {
      lostReason ??= error.message;
    });
    const ended = new Promise<EngineExit>((resolve) => {
      socket.on("close", () => {
        if (status) resolve(execStatusExit(status));
        else if (closedByUs) resolve({ kind: "exited", exitCode: null, signal: null });
        else
          resolve({
            kind: "lost",
            message: lostReason ?? `the API server closed the exec of ${where} without a status`,
          });
      });
    });
    return {
      ended,
      // The status frame comes once the output streams are done: give it a moment, no more,
      // since a background child holding them could delay it for ever.
      status: () => Promise.race([ended, delay(STATUS_WAIT_MS).then(() => undefined)]),
      write: (data) =>
        new Promise((resolve, reject) => {
          if (!stdin) return reject(new Error("this exec has no stdin"));
          stdin.write(data, (error) => (error ? reject(error) : resolve()));
        }),
      closeStdin: async () => {
        if (!stdin) return;
        if (socket.protocol !== CHANNEL_V5) {
          throw new ExecutorError(
            "unsupported",
            `The API server speaks ${socket.protocol || "an old channel protocol"}, which has no way to end stdin alone (v5.channel.k8s.io's close frame): ending it would close the exec and lose its output and exit status.`,
          );
        }
        stdin.end();
      },
      resize: async (columns, rows) => {
        if (!tty) return;
        Object.assign(stdout, { columns, rows });
        stdout.emit("resize");
      },
      abandon: () => {
        closedByUs = true;
        socket.close();
      },
    };
  }

  return {
    kind: "kubernetes",
    namespace,
    pod: options.pod,
    container,
    server,
    protocol: () => lastProtocol,
    exec,
    close: async () => undefined,
  };
}
