import {
  chooseHost,
  describeShell,
  formatResolutionSummary,
  type ResolveShellOptions,
  resolveShell,
} from "../../../../platforms/index.js";
import { shellOptionsFromConfig } from "../../../api/parts/instance-shell.js";
import { sandboxOptionsFromConfig } from "../../../api/sandbox-options.js";
import { loadConfig } from "../../../config/load-config.js";
import { createSandbox } from "../../../execution/sandbox/index.js";
import { sandboxParagraph } from "../../../text/sandbox/sandbox-texts.js";
import type { CliCommand } from "../command.js";
import { booleanOption, type ParsedArguments, parseArguments, stringOption } from "../parse-arguments.js";
import { UsageError } from "../usage-error.js";

export function rejectPositionals(parsed: ParsedArguments): void {
  const [first] = parsed.positionals;
  if (first !== undefined) throw new UsageError(`unexpected argument '${first}'`);
}

/**
 * `windows_shell` and `bash_path` from `--config FILE` (or shellgate.config.json in the cwd), and on
 * this machine (`real`) the sandbox's say over which candidates the host may run, as `run` resolves.
 */
export async function resolveOptionsFromConfig(
  file: string | undefined,
  io: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
  real: boolean,
): Promise<ResolveShellOptions> {
  const config = await loadConfig(file, io.cwd);
  return shellOptionsFromConfig(config, real ? sandboxOptionsFromConfig(config, io) : undefined);
}

const DESCRIBE_USAGE = "usage: shellgate describe [--json] [--host FILE] [--config FILE]";

export const describeCommand: CliCommand = {
  name: "describe",
  async run(args, io) {
    const parsed = parseArguments(args, {
      json: { type: "boolean" },
      host: { type: "string" },
      config: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (booleanOption(parsed, "help")) {
      io.stdout.write(`${DESCRIBE_USAGE}\n`);
      return 0;
    }
    rejectPositionals(parsed);
    const { host, isReal } = await chooseHost(stringOption(parsed, "host"), io.env, io.cwd);
    const options = await resolveOptionsFromConfig(stringOption(parsed, "config"), io, isReal);
    const resolution = await resolveShell(host, options);
    const description = describeShell(resolution);
    // The active sandbox policy, with where it stands on this host (probed only when not off).
    const sandbox = createSandbox(
      sandboxOptionsFromConfig(await loadConfig(stringOption(parsed, "config"), io.cwd), {
        cwd: io.cwd,
        env: io.env,
      }),
    );
    const status = await sandbox.status();
    if (booleanOption(parsed, "json")) {
      const sandboxJson = { ...sandbox.policy, ...status };
      io.stdout.write(`${JSON.stringify({ resolution, description, sandbox: sandboxJson }, null, 2)}\n`);
    } else {
      const paragraph = sandboxParagraph(sandbox.policy, status);
      io.stdout.write(
        `${formatResolutionSummary(resolution)}\n\n${description}\n${paragraph ? `\n${paragraph}\n` : ""}`,
      );
    }
    return 0;
  },
};
