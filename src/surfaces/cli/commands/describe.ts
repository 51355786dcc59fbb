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
import { withExecutorFlag } from "../executor-option.js";
import { executorJson, withExecutorTarget } from "../executor-target.js";
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

const DESCRIBE_USAGE =
  "usage: shellgate describe [--json] [--host FILE] [--config FILE] [--executor docker:NAME|ssh://user@host:port|k8s://ns/pod/container]";

export const describeCommand: CliCommand = {
  name: "describe",
  async run(args, io) {
    const parsed = parseArguments(args, {
      json: { type: "boolean" },
      host: { type: "string" },
      config: { type: "string" },
      executor: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (booleanOption(parsed, "help")) {
      io.stdout.write(`${DESCRIBE_USAGE}\n`);
      return 0;
    }
    rejectPositionals(parsed);
    const config = await withExecutorFlag(
      await loadConfig(stringOption(parsed, "config"), io.cwd),
      stringOption(parsed, "executor"),
      io.env,
    );
    if (config.executor.kind !== "local") {
      if (stringOption(parsed, "host") !== undefined) {
        throw new UsageError(
          "--host describes a recorded machine; it cannot be combined with a remote executor",
        );
      }
      return withExecutorTarget(config, io.env, async (target) => {
        const opened = target as NonNullable<typeof target>;
        const { resolution, isolation } = opened.description;
        const description = describeShell(resolution, { remote: true });
        if (booleanOption(parsed, "json")) {
          const executor = executorJson(config, opened);
          io.stdout.write(`${JSON.stringify({ executor, resolution, description, isolation }, null, 2)}\n`);
        } else {
          io.stdout.write(`${formatResolutionSummary(resolution)}\n\n${description}\n${isolation}\n`);
        }
        return 0;
      });
    }
    const { host, isReal } = await chooseHost(stringOption(parsed, "host"), io.env, io.cwd);
    const options = await resolveOptionsFromConfig(stringOption(parsed, "config"), io, isReal);
    const resolution = await resolveShell(host, options);
    const description = describeShell(resolution);
    // The active sandbox policy, with where it stands on this host (probed only when not off).
    const sandbox = createSandbox(
      sandboxOptionsFromConfig(config, {
        cwd: io.cwd,
        env: io.env,
      }),
    );
    const status = await sandbox.status();
    if (booleanOption(parsed, "json")) {
      const sandboxJson = { ...sandbox.policy, ...status };
      const executor = executorJson(config, undefined);
      io.stdout.write(
        `${JSON.stringify({ executor, resolution, description, sandbox: sandboxJson }, null, 2)}\n`,
      );
    } else {
      const paragraph = sandboxParagraph(sandbox.policy, status);
      io.stdout.write(
        `${formatResolutionSummary(resolution)}\n\n${description}\n${paragraph ? `\n${paragraph}\n` : ""}`,
      );
    }
    return 0;
  },
};
