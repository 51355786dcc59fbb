import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type {
  EngineExec,
  EngineExecHandlers,
  EngineExecRequest,
  EngineExit,
  RemoteEngine,
} from "../engine.js";
import { ExecutorError } from "../executor-error.js";
import { loadClient } from "../load-client.js";
import { loginShellCommandLine } from "../remote-invocation.js";
import { signalFromName } from "../signal-status.js";
import { ChannelSlots } from "./channel-slots.js";
import { checkHostKey, type HostKeyVerdict, knownHostName, listedKeyTypes } from "./known-hosts.js";
import { loadSshClient, type SshChannel, type SshConnection } from "./ssh-client.js";

export interface SshEngineOptions {
  readonly host: string;
  readonly port?: number;
  readonly user: string;
  /** A private key file on this machine (`~` expands to this machine's home). */
  readonly identityFile?: string;
  /** Authenticate through the SSH agent at SSH_AUTH_SOCK. */
  readonly agent?: boolean;
  /** Default `~/.ssh/known_hosts` of this machine. */
  readonly knownHosts?: string;
  /** Keepalive interval; a server silent for three intervals is gone. Default 10,000 ms. */
  readonly keepaliveMs?: number;
  /** Channels open at once before further ones queue (the server's MaxSessions, default 10). */
  readonly maxChannels?: number;
  /** This machine's environment (SSH_AUTH_SOCK, HOME); never sent to the target. */
  readonly env?: NodeJS.ProcessEnv;
}

export interface SshEngine extends RemoteEngine {
  /** `user@host` or `user@host:port`, as sentences name the target. */
  readonly address: string;
}

const KEEPALIVE_COUNT = 3;
const READY_TIMEOUT_MS = 20_000;
/**
 * How a server refuses a session it has no room for: OpenSSH answers one over MaxSessions with
 * reason 2 ("open failed"); others use "administratively prohibited" (1) or "resource shortage" (4).
 * Only while other channels of ours are open is that read as "full" (see `ChannelSlots`).
 */
const NO_ROOM_REASONS: readonly number[] = [1, 2, 4];

function expandHome(file: string, env: NodeJS.ProcessEnv): string {
  if (file === "~" || file.startsWith("~/")) return path.join(env.HOME ?? os.homedir(), file.slice(1));
  return file;
}

function hostKeyMessage(
  verdict: Exclude<HostKeyVerdict, { kind: "known" }>,
  name: string,
  file: string,
): string {
  switch (verdict.kind) {
    case "unknown":
      return `The SSH host ${name} is not in ${file} (its key is ${verdict.fingerprint}); shellgate never accepts an unknown host key. Check that fingerprint with the host's owner, then add the host (ssh-keyscan, or one ssh login) to ${file}.`;
    case "changed":
      return `The SSH host key of ${name} changed: it presented ${verdict.fingerprint}, but ${file} lists ${verdict.listed.join(", ")}. This can be an attack; if the host was really re-keyed, replace its line in ${file}.`;
    case "revoked":
      return `The SSH host ${name} presented a key that ${file} marks @revoked (${verdict.fingerprint}); refusing it.`;
  }
}

/**
 * One SSH connection to one host, many channels on it: each exec is a session channel, queued
 * while `maxChannels` are open (and the limit lowered when the server refuses a session, as it
 * does above its MaxSessions). The host key is checked strictly against known_hosts before any
 * authentication. Keepalives notice a silent server; a broken connection ends its in-flight
 * channels as "lost" and the next exec connects again.
 */
export async function openSshEngine(options: SshEngineOptions): Promise<SshEngine> {
  const env = options.env ?? process.env;
  const port = options.port ?? 22;
  const address = `${options.user}@${options.host}${port === 22 ? "" : `:${port}`}`;
  const Client = await loadClient("ssh2", () => loadSshClient());
  const knownHostsFile = expandHome(options.knownHosts ?? "~/.ssh/known_hosts", env);
  let knownHosts: string;
  try {
    knownHosts = await readFile(knownHostsFile, "utf8");
  } catch (error) {
    throw new ExecutorError(
      "host-key",
      `Cannot read the known_hosts file ${knownHostsFile} (${(error as NodeJS.ErrnoException).code ?? "error"}); shellgate checks every SSH host key against it: set known_hosts to a file that lists ${knownHostName(options.host, port)}.`,
    );
  }
  let privateKey: Buffer | undefined;
  if (options.identityFile !== undefined) {
    const file = expandHome(options.identityFile, env);
    try {
      privateKey = await readFile(file);
    } catch (error) {
      throw new ExecutorError(
        "refused",
        `Cannot read the SSH identity file ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}): set identity_file to a readable private key, or use agent: true.`,
      );
    }
  }
  const agentSocket = options.agent === true ? env.SSH_AUTH_SOCK : undefined;
  if (options.agent === true && !agentSocket) {
    throw new ExecutorError(
      "refused",
      `agent: true needs an SSH agent, but SSH_AUTH_SOCK is not set on this machine: start one (ssh-agent), or set identity_file.`,
    );
  }
  if (privateKey === undefined && agentSocket === undefined) {
    throw new ExecutorError(
      "refused",
      `The ssh executor needs identity_file or agent: true to authenticate as ${options.user}.`,
    );
  }
  const keyTypes = listedKeyTypes(knownHosts, options.host, port);
  const keepaliveMs = options.keepaliveMs ?? 10_000;
  const slots = new ChannelSlots(options.maxChannels ?? 10);
  const live = new Set<(reason: string) => void>();

  let connection: Promise<SshConnection> | undefined;
  let closed = false;

  function connect(): Promise<SshConnection> {
    return new Promise((resolve, reject) => {
      const client = new Client();
      let verdict: HostKeyVerdict | undefined;
      let ready = false;
      client.on("ready", () => {
        ready = true;
        resolve(client);
      });
      client.on("error", (error: Error & { level?: string; code?: string }) => {
        if (ready) return; // "close" follows and ends what was in flight
        if (verdict && verdict.kind !== "known") {
          reject(new ExecutorError("host-key", hostKeyMessage(verdict, address, knownHostsFile)));
        } else if (error.level === "client-authentication") {
          const tried = privateKey ? `the key ${options.identityFile}` : "the agent's keys";
          reject(
            new ExecutorError(
              "refused",
              `SSH authentication as ${options.user} on ${options.host} was refused (tried ${tried}): check identity_file or agent, and the user's authorized_keys there.`,
            ),
          );
        } else {
          reject(
            new ExecutorError(
              "unreachable",
              `Cannot reach the SSH server ${options.host}:${port} (${error.code ?? error.message}): check host and port, and that sshd runs there.`,
            ),
          );
        }
      });
      client.on("close", () => {
        if (connection !== undefined && ready) connection = undefined;
        const reason = "the SSH connection closed";
        for (const end of [...live]) end(reason);
      });
      client.connect({
        host: options.host,
        port,
        username: options.user,
        ...(privateKey ? { privateKey } : {}),
        ...(agentSocket ? { agent: agentSocket } : {}),
        hostVerifier: (key: Buffer) => {
          verdict = checkHostKey(knownHosts, options.host, port, key);
          return verdict.kind === "known";
        },
        keepaliveInterval: keepaliveMs,
        keepaliveCountMax: KEEPALIVE_COUNT,
        readyTimeout: READY_TIMEOUT_MS,
        ...(keyTypes.length > 0 ? { algorithms: { serverHostKey: keyTypes } } : {}),
      });
    });
  }

  function connected(): Promise<SshConnection> {
    if (closed)
      return Promise.reject(new ExecutorError("engine", `The ssh executor for ${address} is closed.`));
    connection ??= connect().catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  }

  function openChannel(client: SshConnection, request: EngineExecRequest): Promise<SshChannel> {
    const tty = request.tty;
    return new Promise((resolve, reject) => {
      const sent = client.exec(
        loginShellCommandLine(request.argv, request.env),
        { pty: tty ? { cols: tty.columns, rows: tty.rows, term: "xterm-256color" } : false },
        (error, channel) => (error ? reject(error) : resolve(channel)),
      );
      void sent;
    });
  }

  async function exec(request: EngineExecRequest, handlers: EngineExecHandlers): Promise<EngineExec> {
    for (;;) {
      const release = await slots.acquire();
      let client: SshConnection;
      try {
        client = await connected();
      } catch (error) {
        release();
        throw error;
      }
      let channel: SshChannel;
      try {
        channel = await openChannel(client, request);
      } catch (error) {
        const reason = (error as { reason?: number }).reason;
        if (reason !== undefined && NO_ROOM_REASONS.includes(reason)) {
          // Over the server's MaxSessions: wait for one of ours to close, then try again.
          if (slots.lowerToOpen(release)) continue;
          throw new ExecutorError(
            "refused",
            `The SSH server ${address} refuses every session (${(error as Error).message}): check its MaxSessions and the account's restrictions.`,
          );
        }
        release();
        throw new ExecutorError(
          "engine",
          `The SSH server ${address} refused a session: ${(error as Error).message}`,
        );
      }
      return channelExec(channel, request, handlers, release);
    }
  }

  function channelExec(
    channel: SshChannel,
    request: EngineExecRequest,
    handlers: EngineExecHandlers,
    release: () => void,
  ): EngineExec {
    let exit: EngineExit | undefined;
    let reportExit: (exit: EngineExit) => void = () => undefined;
    const exited = new Promise<EngineExit>((resolve) => {
      reportExit = resolve;
    });
    channel.on("data", (chunk: Buffer) => handlers.onStdout(chunk));
    channel.stderr.on("data", (chunk: Buffer) => handlers.onStderr(chunk));
    channel.on("exit", (code: number | null, signal?: string) => {
      exit = {
        kind: "exited",
        exitCode: code ?? null,
        signal: signal === undefined ? null : signalFromName(signal),
      };
      reportExit(exit);
    });
    const ended = new Promise<EngineExit>((resolve) => {
      let done = false;
      const finish = (value: EngineExit) => {
        if (done) return;
        done = true;
        live.delete(onLost);
        release();
        resolve(value);
      };
      const onLost = (reason: string) => finish(exit ?? { kind: "lost", message: reason });
      live.add(onLost);
      channel.on("close", () => finish(exit ?? { kind: "exited", exitCode: null, signal: null }));
      channel.on("error", (error: Error) => onLost(error.message));
    });
    // No stdin wanted: EOF at once (a command reading it would otherwise wait for ever).
    if (!request.stdin) channel.end();
    return {
      ended,
      status: () => Promise.race([exited, ended]),
      write: (data) =>
        new Promise((resolve, reject) => {
          channel.write(data, (error) => (error ? reject(error) : resolve()));
        }),
      closeStdin: async () => channel.end(),
      resize: async (columns, rows) => {
        if (request.tty) channel.setWindow(rows, columns, 0, 0);
      },
      abandon: () => {
        channel.removeAllListeners("data");
        channel.stderr.removeAllListeners("data");
        channel.close();
      },
    };
  }

  return {
    kind: "ssh",
    address,
    exec,
    async close() {
      closed = true;
      const current = connection;
      connection = undefined;
      const client = await current?.catch(() => undefined);
      if (!client) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        client.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
        client.end();
      });
    },
  };
}
