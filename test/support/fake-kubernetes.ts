import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type WebSocket, WebSocketServer } from "ws";
import { loadPty } from "../../src/execution/launch/pty-loader.js";

/**
 * A Kubernetes API server on loopback that speaks the exec channel protocol for real — the
 * websocket upgrade, `v5.channel.k8s.io` with its close frame and `v4.channel.k8s.io` without,
 * stdin/stdout/stderr/status/resize channels, a `V1Status` at the end — and runs each exec as a
 * process on this machine (its own process group, as a container runtime starts an exec), with a
 * container environment of its own, never the test's. It also answers a pod GET, a missing pod, a
 * missing container and an RBAC refusal with the statuses a real server sends.
 */
export interface FakePod {
  readonly containers: readonly string[];
  readonly phase?: string;
  /** The exec (and the pod read) are refused as RBAC forbids them. */
  readonly forbidden?: boolean;
}

export interface FakeKubernetesOptions {
  /** The subprotocols the server accepts, in its order of preference. Default v5, then v4. */
  readonly protocols?: readonly string[];
  /** "namespace/pod" → pod. */
  readonly pods: Readonly<Record<string, FakePod>>;
}

export interface FakeKubernetes {
  readonly server: string;
  /** A kubeconfig file pointing at the server (context "fake", namespace "default"). */
  readonly kubeconfig: string;
  /** The working directory execs start in (the "container"'s file system, a temp dir). */
  readonly root: string;
  /** The protocol each exec negotiated, in order. */
  readonly negotiated: string[];
  /** Changes (or removes) a pod, as the cluster may between the engine's check and an exec. */
  setPod(key: string, pod: FakePod | undefined): void;
  close(): Promise<void>;
}

const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const STATUS = 3;
const RESIZE = 4;
const CLOSE = 255;

function status(code: number, reason: string, message: string): string {
  return JSON.stringify({
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    code,
  });
}

function exitStatus(code: number | null, signal: NodeJS.Signals | null): string {
  const exitCode = code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1);
  if (exitCode === 0) return JSON.stringify({ metadata: {}, status: "Success" });
  return JSON.stringify({
    metadata: {},
    status: "Failure",
    message: `command terminated with non-zero exit code: exit status ${exitCode}`,
    reason: "NonZeroExitCode",
    details: { causes: [{ reason: "ExitCode", message: String(exitCode) }] },
  });
}

function frame(channel: number, data: Buffer | string): Buffer {
  const payload = typeof data === "string" ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from([channel]), payload]);
}

export async function startFakeKubernetes(options: FakeKubernetesOptions): Promise<FakeKubernetes> {
  const root = mkdtempSync(path.join(os.tmpdir(), "fake-kubernetes-"));
  const protocols = options.protocols ?? ["v5.channel.k8s.io", "v4.channel.k8s.io"];
  const negotiated: string[] = [];
  const pods: Record<string, FakePod> = { ...options.pods };
  const children = new Set<ChildProcess>();
  const environment = (pod: string): Record<string, string> => ({
    PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    HOME: root,
    HOSTNAME: pod,
    KUBERNETES_SERVICE_HOST: "10.0.0.1",
  });

  const lookup = (url: URL): { pod?: FakePod; namespace: string; name: string } => {
    const match = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)(\/exec)?$/.exec(url.pathname);
    const namespace = match?.[1] ?? "";
    const name = match?.[2] ?? "";
    const pod = pods[`${namespace}/${name}`];
    return { ...(pod ? { pod } : {}), namespace, name };
  };

  // A real API server takes request lines of about a megabyte (argv travels in the URL).
  const server = http.createServer({ maxHeaderSize: 1024 * 1024 }, (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const { pod, namespace, name } = lookup(url);
    response.setHeader("content-type", "application/json");
    if (pod?.forbidden) {
      response.statusCode = 403;
      response.end(
        status(
          403,
          "Forbidden",
          `pods "${name}" is forbidden: User "tester" cannot get resource "pods" in API group "" in the namespace "${namespace}"`,
        ),
      );
    } else if (!pod) {
      response.statusCode = 404;
      response.end(status(404, "NotFound", `pods "${name}" not found`));
    } else {
      response.end(
        JSON.stringify({
          kind: "Pod",
          apiVersion: "v1",
          metadata: { name, namespace },
          spec: { containers: pod.containers.map((container) => ({ name: container, image: "fake" })) },
          status: { phase: pod.phase ?? "Running" },
        }),
      );
    }
  });
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => protocols.find((protocol) => offered.has(protocol)) ?? false,
  });

  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const { pod, namespace, name } = lookup(url);
    const refuse = (code: number, body: string) => {
      socket.end(
        `HTTP/1.1 ${code} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    if (pod?.forbidden) {
      return refuse(
        403,
        status(
          403,
          "Forbidden",
          `pods "${name}" is forbidden: User "tester" cannot create resource "pods/exec" in API group "" in the namespace "${namespace}"`,
        ),
      );
    }
    if (!pod) return refuse(404, status(404, "NotFound", `pods "${name}" not found`));
    const container = url.searchParams.get("container") ?? pod.containers[0] ?? "";
    if (!pod.containers.includes(container)) {
      return refuse(400, status(400, "BadRequest", `container ${container} is not valid for pod ${name}`));
    }
    sockets.handleUpgrade(request, socket, head, (websocket) => {
      negotiated.push(websocket.protocol);
      void runExec(websocket, url, name);
    });
  });

  async function runExec(websocket: WebSocket, url: URL, pod: string): Promise<void> {
    const argv = url.searchParams.getAll("command");
    const tty = url.searchParams.get("tty") === "true";
    const v5 = websocket.protocol === "v5.channel.k8s.io";
    const send = (channel: number, data: Buffer | string) => {
      if (websocket.readyState === websocket.OPEN) websocket.send(frame(channel, data));
    };
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      send(STATUS, exitStatus(code, signal));
      websocket.close(1000);
    };
    if (tty) {
      const pty = await loadPty();
      if (!pty) {
        send(STATUS, status(500, "InternalError", "the fake server has no pty support"));
        return websocket.close(1000);
      }
      const terminal = pty.spawn(argv[0] as string, argv.slice(1), {
        name: "xterm",
        cols: 80,
        rows: 24,
        cwd: root,
        env: { ...environment(pod), TERM: "xterm" },
        encoding: null,
      });
      terminal.onData((data) => send(STDOUT, Buffer.from(data as Uint8Array)));
      terminal.onExit(({ exitCode, signal }) => {
        const name = signal
          ? (Object.entries(os.constants.signals).find(
              ([, number]) => number === signal,
            )?.[0] as NodeJS.Signals)
          : null;
        finish(signal ? null : exitCode, name ?? null);
      });
      websocket.on("message", (data: Buffer) => {
        if (data[0] === STDIN) terminal.write(data.subarray(1).toString("utf8"));
        else if (data[0] === RESIZE) {
          const size = JSON.parse(data.subarray(1).toString("utf8")) as {
            width?: number;
            height?: number;
            Width?: number;
            Height?: number;
          };
          const width = size.width ?? size.Width;
          const height = size.height ?? size.Height;
          if (width && height)
            (terminal as unknown as { resize(c: number, r: number): void }).resize(width, height);
        }
      });
      return;
    }
    const child = spawn(argv[0] as string, argv.slice(1), {
      cwd: root,
      env: environment(pod),
      detached: true,
      stdio: [url.searchParams.get("stdin") === "true" ? "pipe" : "ignore", "pipe", "pipe"],
    });
    children.add(child);
    child.stdout?.on("data", (chunk: Buffer) => send(STDOUT, chunk));
    child.stderr?.on("data", (chunk: Buffer) => send(STDERR, chunk));
    child.stdin?.on("error", () => undefined);
    websocket.on("message", (data: Buffer) => {
      if (data[0] === STDIN) child.stdin?.write(data.subarray(1));
      else if (v5 && data[0] === CLOSE && data[1] === STDIN) child.stdin?.end();
    });
    // Under v4 the only EOF a client can give is closing the socket: stdin ends, nothing is killed.
    websocket.on("close", () => child.stdin?.end());
    child.on("error", (error: NodeJS.ErrnoException) => {
      children.delete(child);
      send(
        STATUS,
        status(
          500,
          "InternalError",
          `failed to exec in container: exec: "${argv[0]}": ${error.code === "ENOENT" ? "executable file not found in $PATH" : error.message}`,
        ),
      );
      websocket.close(1000);
    });
    // As the kubelet does: the status follows once the output streams are done.
    child.on("close", (code, signal) => {
      children.delete(child);
      finish(code, signal);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfig = path.join(root, ".kubeconfig");
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    kubeconfig,
    [
      "apiVersion: v1",
      "kind: Config",
      "clusters:",
      `- name: fake\n  cluster:\n    server: ${address}\n    insecure-skip-tls-verify: true`,
      "users:",
      "- name: tester\n  user:\n    token: fake-token",
      "contexts:",
      "- name: fake\n  context:\n    cluster: fake\n    user: tester\n    namespace: default",
      "current-context: fake",
      "",
    ].join("\n"),
  );
  return {
    server: address,
    kubeconfig,
    root,
    negotiated,
    setPod(key, pod) {
      if (pod) pods[key] = pod;
      else delete pods[key];
    },
    async close() {
      for (const websocket of sockets.clients) websocket.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
