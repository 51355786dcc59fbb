import { ConfigError } from "./config-error.js";
import { describeIssue } from "./describe-issue.js";
import { prototypeKeyMessage, prototypeKeyPath } from "./prototype-keys.js";
import { configSchema, type ShellgateConfig } from "./schema.js";
import { withoutUnsetKeys } from "./unset-keys.js";

/**
 * Validates a config object. Every problem is reported, each naming the key, what was wrong and
 * what is allowed; nothing starts with a config shellgate did not understand. A key set to `null`
 * counts as unset, and a string `$schema` is allowed; a `__proto__` key at any depth is refused.
 */
export function parseConfig(input: unknown): ShellgateConfig {
  const prototypeKey = prototypeKeyPath(input);
  if (prototypeKey !== undefined) throw new ConfigError(prototypeKeyMessage(prototypeKey));
  // Parsed once or twice per process: zod's compiled fast path would cost more to build than it saves.
  const result = configSchema.safeParse(withoutUnsetKeys(input ?? {}), { jitless: true });
  if (result.success) return result.data;
  const wording = { subject: "config key", schema: configSchema };
  const messages = result.error.issues.map((issue) => describeIssue(issue, input, wording));
  const keys = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? "")))];
  throw new ConfigError(messages.join("; "), keys);
}
