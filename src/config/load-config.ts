import { readFile } from "node:fs/promises";
import path from "node:path";
import { decodeTextFile } from "../../platforms/index.js";
import { ConfigError } from "./config-error.js";
import { DEFAULT_CONFIG } from "./default-config.generated.js";
import { duplicateKeyPath } from "./duplicate-keys.js";
import type { ShellgateConfig } from "./schema.js";

export const DEFAULT_CONFIG_FILE = "shellgate.config.json";

const READ_FAILURES: Record<string, string> = {
  ENOENT: "it does not exist",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a directory",
};

/** The environment variable that names the config file when no `--config` flag does. */
export const CONFIG_FILE_VARIABLE = "SHELLGATE_CONFIG";

/**
 * Reads `--config FILE`, else the file `SHELLGATE_CONFIG` names, else `shellgate.config.json` in
 * `cwd`. A named file that is missing is an error; a missing default file means the defaults.
 */
export async function loadConfig(
  flagFile: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ShellgateConfig> {
  const fromEnvironment = env[CONFIG_FILE_VARIABLE] === "" ? undefined : env[CONFIG_FILE_VARIABLE];
  const file = flagFile ?? fromEnvironment;
  const target = path.resolve(cwd, file ?? DEFAULT_CONFIG_FILE);
  let text: string;
  try {
    text = decodeTextFile(await readFile(target));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The schema's own defaults, generated from it: no file means no zod to load on this start.
    if (file === undefined && code === "ENOENT") return structuredClone(DEFAULT_CONFIG);
    const why = (code !== undefined ? READ_FAILURES[code] : undefined) ?? code ?? String(error);
    const named = flagFile === undefined && file !== undefined ? ` (named by ${CONFIG_FILE_VARIABLE})` : "";
    throw new ConfigError(`cannot read config file ${target}${named}: ${why}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`config file ${target} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ConfigError(`config file ${target} must hold a JSON object of config keys`);
  }
  const duplicate = duplicateKeyPath(text);
  if (duplicate !== undefined) {
    throw new ConfigError(
      `${target}: config key '${duplicate}' appears twice; JSON keeps only the last one, so remove the one you did not mean`,
    );
  }
  const { parseConfig } = await import("./parse-config.js");
  try {
    return parseConfig(data);
  } catch (error) {
    const keys = error instanceof ConfigError ? error.keys : [];
    throw new ConfigError(`${target}: ${(error as Error).message}`, keys);
  }
}
