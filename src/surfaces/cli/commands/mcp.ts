import { ConfigError } from "../../../config/config-error.js";
import { serveStdio } from "../../mcp/serve-stdio.js";
import type { CliCommand } from "../command.js";
import { booleanOption, parseArguments, stringOption } from "../parse-arguments.js";
import { parseSandboxFlag } from "../sandbox-flag.js";
import { UsageError } from "../usage-error.js";

// Anything left holding the event loop after cleanup must not keep a finished server alive; the
// client would then have to kill it.
const EXIT_GRACE_MS = 1000;

const USAGE = `usage: shellgate mcp [--config FILE] [--sandbox off|auto|required]

Serves bash, bash_output and bash_kill (and, with managed_processes, the process_* tools) to an MCP
client over stdio. The config comes from --config FILE (JSON) or shellgate.config.json in the
working directory. --sandbox overrides sandbox.mode (and SHELLGATE_SANDBOX). Logs go to stderr.
Closing stdin or SIGTERM stops every process it started.
`;

export const mcpCommand: CliCommand = {
  name: "mcp",
  summary: "serve bash, bash_output, bash_kill (and process_* tools) to an MCP client over stdio",
  async run(args, io) {
    const parsed = parseArguments(args, {
      config: { type: "string" },
      sandbox: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (booleanOption(parsed, "help")) {
      io.stdout.write(USAGE);
      return 0;
    }
    const [extra] = parsed.positionals;
    if (extra !== undefined) {
      throw new UsageError(
        `unexpected argument '${extra}'; usage: shellgate mcp [--config FILE] [--sandbox off|auto|required]`,
      );
    }
    const configFile = stringOption(parsed, "config");
    const sandboxMode = parseSandboxFlag(stringOption(parsed, "sandbox"));
    const ownProcess = io.stdin === process.stdin;
    let code: number;
    try {
      code = await serveStdio({
        ...(configFile !== undefined ? { configFile } : {}),
        cwd: io.cwd,
        env: io.env,
        stdin: io.stdin,
        stdout: io.stdout,
        stderr: io.stderr,
        ...(ownProcess ? { signals: process } : {}),
        ...(sandboxMode === undefined ? {} : { host: { sandbox: { mode: sandboxMode } } }),
      });
    } catch (error) {
      // A server that cannot start (its config is refused) exits 1, unlike the exit 2 of a bad flag.
      if (!(error instanceof ConfigError)) throw error;
      io.stderr.write(`shellgate mcp: ${error.message}\n`);
      return 1;
    }
    if (ownProcess) setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
    return code;
  },
};
