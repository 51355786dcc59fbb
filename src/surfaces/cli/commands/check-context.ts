import path from "node:path";
import { chooseHost, resolveShell } from "../../../../platforms/index.js";
import { type SafetyContext, safetyShellOf } from "../../../safety/context.js";
import type { CliIo } from "../command.js";
import { resolveOptionsFromConfig } from "./describe.js";

/** The environment names the gate reads from a host: where the home is, and who the user is. */
const CONTEXT_VARIABLES = ["HOME", "USERPROFILE", "USER", "USERNAME", "LOGNAME"];

/**
 * Where `check` judges commands: `--host FILE` resolves the shell of a recorded host (as `describe`
 * does) and takes its home and user; `--cwd DIR` is the working directory (relative to the caller's).
 * Neither given: no context, the gate judges as if the command could run anywhere.
 */
export async function checkContext(
  options: { readonly host?: string; readonly cwd?: string; readonly config?: string },
  io: CliIo,
): Promise<SafetyContext | undefined> {
  if (options.host === undefined && options.cwd === undefined) return undefined;
  const cwd = options.cwd === undefined ? undefined : absoluteDirectory(options.cwd, io.cwd);
  if (options.host === undefined) {
    return { ...(cwd === undefined ? {} : { cwd }), ...(io.env.HOME ? { home: io.env.HOME } : {}) };
  }
  const { host } = await chooseHost(options.host, io.env, io.cwd);
  const resolution = await resolveShell(host, await resolveOptionsFromConfig(options.config, io.cwd));
  const env: Record<string, string> = {};
  for (const name of CONTEXT_VARIABLES) {
    const value = host.env(name);
    if (value !== undefined) env[name] = value;
  }
  const home = resolution.home ?? env.HOME;
  return {
    ...(cwd === undefined ? {} : { cwd }),
    ...(home === undefined ? {} : { home }),
    env,
    shell: safetyShellOf(resolution),
  };
}

/** A directory as given (POSIX, `C:\…` or `/c/…` spellings are kept as written when absolute). */
export function absoluteDirectory(directory: string, base: string): string {
  if (/^([a-z]:[\\/]|\/|\\\\)/i.test(directory)) return directory;
  return path.resolve(base, directory);
}
