import { createRequire } from "node:module";
import type { Readable, Writable } from "node:stream";

/**
 * The part of @kubernetes/client-node shellgate uses, typed here so the optional package is never
 * a type dependency of the published declarations.
 */
export interface KubeConfigHandle {
  loadFromDefault(): void;
  loadFromFile(file: string): void;
  getCurrentContext(): string;
  setCurrentContext(name: string): void;
  getContextObject(name: string): { readonly namespace?: string; readonly cluster: string } | null;
  getCurrentCluster(): { readonly server: string } | null;
  makeApiClient<T>(api: new (...args: never[]) => T): T;
  /** Adds the context's TLS material and credentials to request (and websocket) options. */
  applyToHTTPSOptions(options: object): Promise<void>;
}

export interface CoreApiHandle {
  readNamespacedPod(request: { name: string; namespace: string }): Promise<{
    readonly status?: { readonly phase?: string };
    readonly spec?: { readonly containers?: readonly { readonly name: string }[] };
  }>;
}

/** The websocket `Exec.exec` resolves with (the `ws` package's). */
export interface ExecSocket {
  readonly protocol: string;
  readonly readyState: number;
  send(data: Buffer): void;
  close(): void;
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface ExecHandle {
  exec(
    namespace: string,
    pod: string,
    container: string,
    command: string[],
    stdout: Writable,
    stderr: Writable | null,
    stdin: Readable | null,
    tty: boolean,
    statusCallback: (status: unknown) => void,
  ): Promise<ExecSocket>;
}

/** A websocket as `ws` builds it, seen from the connecting side. */
export interface UpgradeSocket extends ExecSocket {
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "open", listener: () => void): unknown;
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(
    event: "unexpected-response",
    listener: (
      request: { destroy(): void },
      response: NodeJS.ReadableStream & { statusCode?: number },
    ) => void,
  ): unknown;
}

/** What `Exec` asks of its transport (the client's `WebSocketInterface`). */
export interface ExecTransport {
  connect(
    path: string,
    textHandler: ((text: string) => boolean) | null,
    binaryHandler: ((stream: number, data: Buffer) => boolean) | null,
  ): Promise<ExecSocket>;
}

export interface KubernetesModule {
  readonly KubeConfig: new () => KubeConfigHandle;
  readonly CoreV1Api: new (...args: never[]) => CoreApiHandle;
  readonly Exec: new (config: KubeConfigHandle, transport?: ExecTransport) => ExecHandle;
}

type WebSocketConstructor = new (uri: string, protocols: string[], options: object) => UpgradeSocket;

export async function loadKubernetes(): Promise<{
  module: KubernetesModule;
  WebSocket: WebSocketConstructor;
}> {
  const module = (await import("@kubernetes/client-node")) as unknown as KubernetesModule;
  // The websocket class the client itself uses, resolved from where the client is installed
  // (import.meta.resolve where the runtime has it, else from here: npm hoists ws beside it).
  const from =
    typeof import.meta.resolve === "function"
      ? import.meta.resolve("@kubernetes/client-node")
      : import.meta.url;
  const WebSocket = createRequire(from)("ws") as WebSocketConstructor;
  return { module, WebSocket };
}
