import { z } from "zod";
import { HostSnapshotError } from "./snapshot-error.js";

const PLATFORMS = [
  "aix",
  "android",
  "cygwin",
  "darwin",
  "freebsd",
  "haiku",
  "linux",
  "netbsd",
  "openbsd",
  "sunos",
  "win32",
] as const satisfies readonly NodeJS.Platform[];

function buildCommandSchema() {
  return z.strictObject({
    argv: z.array(z.string()).min(1),
    /** null: the command started but did not exit normally (killed, timed out). */
    exitCode: z.number().int().nullable(),
    stdout: z.string().default(""),
    stdoutEncoding: z.enum(["utf8", "utf16le", "base64"]).default("utf8"),
    timedOut: z.boolean().optional(),
    /** How long it ran when recorded; a replay with a shorter timeout times out, as the host would. */
    durationMs: z.number().int().min(0).optional(),
  });
}

/**
 * A recorded host: everything the resolver asked about one machine. A path not in `files` does not
 * exist, a registry value not in `registry` is absent, a command not in `commands` is not found.
 * `pathLookups` (an extension) pins PATH results; without it they are derived from `env.PATH` and `files`.
 */
function buildHostSnapshotSchema() {
  const fileFactSchema = z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("file"), size: z.number().int().min(0) }),
    z.strictObject({ type: z.literal("dir"), size: z.number().int().min(0).default(0) }),
  ]);
  return z.strictObject({
    platform: z.enum(PLATFORMS),
    env: z.record(z.string(), z.string()).default({}),
    files: z.record(z.string(), fileFactSchema).default({}),
    registry: z.record(z.string(), z.string()).default({}),
    pathLookups: z.record(z.string(), z.array(z.string())).optional(),
    commands: z.array(buildCommandSchema()).default([]),
    /** Free text: where and how the snapshot was made. Ignored by the resolver. */
    comment: z.string().optional(),
  });
}

type HostSnapshotSchema = ReturnType<typeof buildHostSnapshotSchema>;
let built: HostSnapshotSchema | undefined;

/**
 * The snapshot format, built on first use: building it costs milliseconds that every start paid
 * (the CLI's, the root import's) though only snapshot hosts and `--host FILE` parse one. One
 * instance for the process: the public `hostSnapshotSchema` is this same object.
 */
export function snapshotSchema(): HostSnapshotSchema {
  built ??= buildHostSnapshotSchema();
  return built;
}

export type HostSnapshot = z.output<HostSnapshotSchema>;
export type HostSnapshotInput = z.input<HostSnapshotSchema>;
export type SnapshotCommand = z.output<ReturnType<typeof buildCommandSchema>>;

export { HostSnapshotError };

function fieldName(issuePath: readonly PropertyKey[]): string {
  let name = "";
  for (const part of issuePath) {
    if (typeof part === "number") name += `[${part}]`;
    else if (typeof part === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part))
      name += name ? `.${part}` : part;
    else name += `[${JSON.stringify(String(part))}]`;
  }
  return name || "(snapshot)";
}

/** Validates a parsed snapshot; the first problem becomes one sentence naming the field. */
export function parseHostSnapshot(input: unknown): HostSnapshot {
  const result = snapshotSchema().safeParse(input);
  if (result.success) return result.data;
  // An unknown key usually explains the rest (a typo, or a whole file of another format).
  const issues = result.error.issues;
  const issue = issues.find((candidate) => candidate.code === "unrecognized_keys") ?? issues[0];
  if (!issue) throw new HostSnapshotError("invalid host snapshot");
  if (issue.code === "unrecognized_keys") {
    const where = issue.path.length > 0 ? ` in ${fieldName(issue.path)}` : "";
    throw new HostSnapshotError(`unknown field ${issue.keys.map((key) => `'${key}'`).join(", ")}${where}`);
  }
  throw new HostSnapshotError(`field ${fieldName(issue.path)}: ${issue.message}`);
}
