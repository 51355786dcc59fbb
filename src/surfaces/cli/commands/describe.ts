import {
  chooseHost,
  describeShell,
  formatResolutionSummary,
  type ResolveShellOptions,
  resolveShell,
} from "../../../../platforms/index.js";
import { loadConfig } from "../../../config/load-config.js";
import type { CliCommand } from "../command.js";
import { booleanOption, type ParsedArguments, parseArguments, stringOption } from "../parse-arguments.js";
import { UsageError } from "../usage-error.js";

export function rejectPositionals(parsed: ParsedArguments): void {
  const [first] = parsed.positionals;
  if (first !== undefined) throw new UsageError(`unexpected argument '${first}'`);
}

/** `windows_shell` and `bash_path` from `--config FILE` (or shellgate.config.json in the cwd). */
export async function resolveOptionsFromConfig(
  file: string | undefined,
  cwd: string,
): Promise<ResolveShellOptions> {
  const config = await loadConfig(file, cwd);
  return { windowsShell: config.windows_shell, bashPath: config.bash_path };
}

const DESCRIBE_USAGE = "usage: shellgate describe [--json] [--host FILE] [--config FILE]";

export const describeCommand: CliCommand = {
  name: "describe",
  summary:
    "which shell commands run in, and the description the model reads [--json] [--host FILE] [--config FILE]",
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
    const { host } = await chooseHost(stringOption(parsed, "host"), io.env, io.cwd);
    const options = await resolveOptionsFromConfig(stringOption(parsed, "config"), io.cwd);
    const resolution = await resolveShell(host, options);
    const description = describeShell(resolution);
    if (booleanOption(parsed, "json")) {
      io.stdout.write(`${JSON.stringify({ resolution, description }, null, 2)}\n`);
    } else {
      io.stdout.write(`${formatResolutionSummary(resolution)}\n\n${description}\n`);
    }
    return 0;
  },
};
