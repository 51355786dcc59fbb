import { z } from "zod";
import { SANDBOX_MODES } from "../execution/sandbox/sandbox-mode.js";
import { SESSION_MODES } from "../execution/session/session-mode.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from "../execution/session/session-pool.js";
import { SAFETY_PROFILES } from "../safety/verdict.js";
import { executorSchema } from "./executor-schema.js";

const pattern = z
  .string({ error: "must be a string pattern" })
  .refine((text) => text.trim() !== "", { message: "is an empty pattern; remove it" });

/**
 * The one configuration, shared by the library, the CLI and the MCP server. Keys follow the
 * reference module's names; shellgate's own additions use the same snake_case style.
 */
export const configSchema = z.strictObject({
  working_dir: z.string().optional(),
  timeout: z.number().int().min(1).max(3600).default(30),
  require_approval: z.boolean().default(false),
  safety_profile: z.enum(SAFETY_PROFILES).default("strict"),
  allowed_commands: z.array(pattern).default([]),
  denied_commands: z.array(pattern).default([]),
  safety_overrides: z
    .strictObject({ allow: z.array(pattern).default([]), block: z.array(pattern).default([]) })
    .optional(),
  // Any string is accepted, as the platform contract (issue 2) says: values are case-insensitive,
  // and an unknown one is a warning in the resolution (naming auto, wsl, gitbash) that counts as
  // "auto" — never an error. The resolver reads the raw value so the warning quotes it as written.
  windows_shell: z.string().default("auto"),
  bash_path: z.string().optional(),
  // WSL only: run commands in a login bash so ~/.profile's PATH (nvm, pyenv, cargo) is there.
  wsl_login_shell: z.boolean().default(false),
  max_concurrent: z.number().int().min(1).optional(),
  kill_background_children: z.boolean().default(true),
  kill_grace_ms: z.number().int().min(0).max(60_000).default(2000),
  max_output_bytes: z.number().int().min(1024).max(100_000_000).default(100_000),
  spill_max_bytes: z
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  spill_dir: z.string().optional(),
  spill_max_age_hours: z.number().min(0).default(24),
  background_max_output_bytes: z.number().int().min(4096).max(100_000_000).default(1_000_000),
  background_read_max_bytes: z.number().int().min(1024).max(100_000_000).default(100_000),
  max_background_tasks: z.number().int().min(1).max(1024).default(16),
  spill_total_max_bytes: z
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 * 1024),
  // true: the credential rules; false: off; a list: the rules plus these name patterns.
  env_scrub: z.union([z.boolean(), z.array(pattern)]).default(true),
  // Names the rules would remove but that commands need; `env_allow` is the older spelling.
  env_keep: z.array(pattern).default([]),
  env_allow: z.array(pattern).default([]),
  env_deny: z.array(pattern).default([]),
  managed_processes: z.boolean().default(false),
  managed_pty: z.boolean().default(false),
  managed_stdin: z.boolean().default(false),
  managed_max_output_bytes: z.number().int().min(4096).max(10_000_000).default(100_000),
  managed_max_processes: z.number().int().min(1).max(256).default(32),
  // Issue 13: the OS sandbox under the gate. Lists left out take their defaults when the policy is
  // resolved (they depend on the working directory and the home), so "absent" and "[]" differ.
  sandbox: z
    .strictObject({
      mode: z.enum(SANDBOX_MODES).default("off"),
      allow_write: z.array(pattern).optional(),
      deny_read: z.array(pattern).optional(),
      allowed_domains: z.array(pattern).default([]),
    })
    .default({ mode: "off", allowed_domains: [] }),
  // Issue 21: one resident bash per owner (agent session) whose cd, variables, functions, aliases
  // and set options persist between calls; the reference contract's fresh shell stays the default.
  session: z.enum(SESSION_MODES).default("fresh"),
  max_sessions: z.number().int().min(1).max(1024).default(DEFAULT_MAX_SESSIONS),
  session_idle_ms: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3_600_000)
    .default(DEFAULT_SESSION_IDLE_MS),
  // Issue 20: where commands run (this machine, a container, an SSH host, a pod).
  executor: executorSchema,
});

export type ShellgateConfigInput = z.input<typeof configSchema>;
export type ShellgateConfig = z.output<typeof configSchema>;
