import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { configWarnings } from "../../api/config-options.js";
import { openShellgate } from "../../api/create-shellgate.js";
import type { ShellgateHost } from "../../api/host.js";
import { errorResult } from "../../api/tools/define-tool.js";
import { loadConfig } from "../../config/load-config.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";
import { packageVersion } from "./package-version.js";

export interface ServeStdioOptions {
  /** `--config FILE`; without it `shellgate.config.json` in `cwd`, if present. */
  readonly configFile?: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: NodeJS.ReadableStream;
  /** Protocol messages only: every log line goes to `stderr`. */
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Where SIGTERM/SIGINT arrive (the process); omitted in-process, where closing stdin suffices. */
  readonly signals?: EventEmitter;
  /** Extra host callbacks for library users embedding the server. */
  readonly host?: ShellgateHost;
  /** Bytes one request may have (default 10 MiB); a longer one is answered with an error, not a hang-up. */
  readonly maxMessageBytes?: number;
}

const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** Calls `start` once, after the first tools/list answer has been written. */
function afterToolsListed(transport: Transport, start: () => void): void {
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    await send(message, sendOptions);
    if ("result" in message && Array.isArray(message.result.tools)) {
      transport.send = send;
      start();
    }
  };
}

/** The tools, each call held until the safety gate has loaded (listing them needs no gate). */
function afterGateLoaded(tools: readonly ToolDefinition[], loadGate: () => Promise<void>): ToolDefinition[] {
  return tools.map((tool) => ({
    ...tool,
    async execute(input, context) {
      try {
        await loadGate();
      } catch (error) {
        return errorResult(error);
      }
      return tool.execute(input, context);
    },
  }));
}

/**
 * Serves shellgate's tools over stdio until stdin closes, the transport closes, or a stop signal
 * arrives; then terminates every task and process this connection started and resolves to the exit
 * code. The connection is one owner.
 */
export async function serveStdio(options: ServeStdioOptions): Promise<number> {
  const log = (line: string) => options.stderr.write(`shellgate mcp: ${line}\n`);
  // The MCP SDK loads while the shell is probed and the grammar compiled, not after.
  const sdk = Promise.all([import("./stdio-transport.js"), import("./create-mcp-server.js")]);
  sdk.catch(() => undefined);
  const config = await loadConfig(options.configFile, options.cwd, options.env);
  // initialize and tools/list need the shell and the config, not the bash grammar: the grammar
  // loads once the tools are listed (or at the first call), and each call waits for it.
  const { shellgate, loadGate } = await openShellgate(
    config,
    { cwd: options.cwd, env: options.env, log, ...options.host },
    { loadGateLater: true },
  );
  const [{ StdioServerTransport }, { createMcpServer }] = await sdk;
  const tools = afterGateLoaded(shellgate.tools(), loadGate);
  const server = createMcpServer(tools, { version: packageVersion(), ownerId: randomUUID() });
  const transport = new StdioServerTransport(
    options.stdin,
    options.stdout,
    options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes },
  );
  afterToolsListed(transport, () =>
    loadGate().catch((error: unknown) => log(`the safety gate did not load: ${String(error)}`)),
  );
  const shell = shellgate.shell;
  log(
    `serving ${tools.map((tool) => tool.name).join(", ")} over stdio; shell ${shell.kind} ${shell.path ?? "(none)"}, profile ${config.safety_profile}, cwd ${shellgate.cwd}`,
  );
  for (const warning of [...configWarnings(config), ...shell.warnings]) log(`warning: ${warning}`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => void stop(`received ${signal}`);
    const onEnd = () => void stop("stdin closed");
    async function stop(why: string): Promise<void> {
      if (stopping) return;
      stopping = true;
      log(`stopping (${why}); terminating everything this connection started`);
      options.stdin.off("end", onEnd);
      options.stdin.off("close", onEnd);
      for (const signal of STOP_SIGNALS) options.signals?.off(signal, onSignal);
      await shellgate.close().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
      await server.close().catch(() => undefined);
      log("stopped");
      resolve(0);
    }
    options.stdin.once("end", onEnd);
    options.stdin.once("close", onEnd);
    for (const signal of STOP_SIGNALS) options.signals?.once(signal, onSignal);
    server.onclose = () => void stop("connection closed");
    server.onerror = (error) => log(`protocol error: ${error.message}`);
    server.connect(transport).catch((error: unknown) => {
      log(`could not start the transport: ${String(error)}`);
      void stop("transport failed");
    });
  });
}
