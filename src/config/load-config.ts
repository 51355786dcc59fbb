import { readFile } from "node:fs/promises";
import path from "node:path";
import { decodeTextFile } from "../../platforms/index.js";
import { ConfigError } from "./config-error.js";
import { parseConfig } from "./parse-config.js";
import type { ShellgateConfig } from "./schema.js";

export const DEFAULT_CONFIG_FILE = "shellgate.config.json";

const READ_FAILURES: Record<string, string> = {
  ENOENT: "it does not exist",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a directory",
};

/**
 * Reads `--config FILE`, or `shellgate.config.json` in `cwd` when no file is named. A named file
 * that is missing is an error; a missing default file means the defaults.
 */
export async function loadConfig(file: string | undefined, cwd: string): Promise<ShellgateConfig> {
  const target = path.resolve(cwd, file ?? DEFAULT_CONFIG_FILE);
  let text: string;
  try {
    text = decodeTextFile(await readFile(target));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (file === undefined && code === "ENOENT") return parseConfig({});
    const why = (code !== undefined ? READ_FAILURES[code] : undefined) ?? code ?? String(error);
    throw new ConfigError(`cannot read config file ${target}: ${why}`);
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
  try {
    return parseConfig(data);
  } catch (error) {
    throw new ConfigError(`${target}: ${(error as Error).message}`);
  }
}
