import type { z } from "zod";
import { ConfigError } from "./config-error.js";
import { configSchema, type ShellgateConfig } from "./schema.js";

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.length > 0 ? issue.path.join(".") : "(config)";
  if (issue.code === "unrecognized_keys") {
    const known = Object.keys(configSchema.shape).join(", ");
    return `unknown config key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}${issue.path.length > 0 ? ` in '${key}'` : ""}; known keys: ${known}`;
  }
  if (issue.code === "invalid_value") {
    return `config key '${key}': ${issue.message}; allowed values: ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return `config key '${key}': ${issue.message}`;
}

/** Validates a config object; the first problem is reported as one sentence naming the key. */
export function parseConfig(input: unknown): ShellgateConfig {
  const result = configSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.map(describeIssue);
  throw new ConfigError(messages.join("; "));
}
