import { z } from "zod";
import {
  closeStdinField,
  commandField,
  cursorField,
  maxBytesField,
  processIdField,
  ptyField,
  questionIdsField,
  runInBackgroundField,
  stdinField,
  timeoutSecondsField,
  waitMsField,
} from "./fields.js";

/** The reference module's single `bash` tool, ordinary mode. */
export const amplifierBashInputSchema = z.strictObject({
  command: commandField.describe("Bash command to execute."),
  timeout: timeoutSecondsField
    .describe(
      "Timeout in seconds (1-3600). Increase for builds and tests; use run_in_background for servers.",
    )
    .optional(),
  run_in_background: runInBackgroundField
    .describe("Run in the background and return at once with a task id (default false).")
    .optional(),
});

export const MANAGED_ACTIONS = [
  "run",
  "start",
  "read",
  "write",
  "wait",
  "status",
  "terminate",
  "list",
] as const;
export type ManagedAction = (typeof MANAGED_ACTIONS)[number];

const FOLLOW_UPS: readonly ManagedAction[] = ["read", "write", "wait", "status", "terminate"];

// Which actions each field belongs to; a field given to any other action is refused, so a
// harmless-looking command cannot ride along on a follow-up that a host auto-approves.
const FIELD_ACTIONS: Record<string, readonly ManagedAction[]> = {
  command: ["run", "start"],
  timeout: ["run", "start"],
  run_in_background: ["run"],
  pty: ["start"],
  question_ids: ["start"],
  process_id: FOLLOW_UPS,
  cursor: ["read", "wait"],
  max_bytes: ["read", "wait"],
  wait_ms: ["wait"],
  stdin: ["write"],
  close_stdin: ["write"],
};

const SPOOFABLE = new Set(["command", "timeout", "run_in_background"]);

function listActions(actions: readonly ManagedAction[]): string {
  const quoted = actions.map((action) => `'${action}'`);
  return quoted.length === 1 ? `action ${quoted[0]}` : `actions ${quoted.join(", ")}`;
}

/** The reference module's `bash` tool with `managed_processes` on: the same tool, more actions. */
export const amplifierManagedBashInputSchema = z
  .strictObject({
    action: z
      .enum(MANAGED_ACTIONS)
      .default("run")
      .describe("run (default) runs to completion; start begins a managed process; the rest manage it."),
    command: commandField.describe("Bash command to execute (run and start).").optional(),
    timeout: timeoutSecondsField
      .describe("Timeout in seconds (1-3600); for start, the maximum lifetime of the process.")
      .optional(),
    run_in_background: runInBackgroundField
      .describe("action run only: return at once with a task id (default false).")
      .optional(),
    pty: ptyField.optional(),
    question_ids: questionIdsField.optional(),
    process_id: processIdField.optional(),
    cursor: cursorField.optional(),
    max_bytes: maxBytesField.optional(),
    wait_ms: waitMsField.optional(),
    stdin: stdinField.optional(),
    close_stdin: closeStdinField.optional(),
  })
  .superRefine((input, context) => {
    const action = input.action;
    for (const [field, actions] of Object.entries(FIELD_ACTIONS)) {
      if ((input as Record<string, unknown>)[field] === undefined || actions.includes(action)) continue;
      const message =
        SPOOFABLE.has(field) && action !== "list"
          ? `is not valid for action '${action}': command, timeout and run_in_background are not valid for process follow-ups`
          : `is not valid for action '${action}'; it belongs to ${listActions(actions)}`;
      context.addIssue({ code: "custom", path: [field], message });
    }
    if ((action === "run" || action === "start") && input.command === undefined) {
      context.addIssue({ code: "custom", path: ["command"], message: `is required for action '${action}'` });
    }
    if (FOLLOW_UPS.includes(action) && input.process_id === undefined) {
      context.addIssue({
        code: "custom",
        path: ["process_id"],
        message: `is required for action '${action}' (the process_id that start returned)`,
      });
    }
    if (action === "write" && input.stdin === undefined && input.close_stdin === undefined) {
      context.addIssue({
        code: "custom",
        path: ["stdin"],
        message: "or close_stdin is required for action 'write'",
      });
    }
  });

export type AmplifierBashInput = z.output<typeof amplifierBashInputSchema>;
export type AmplifierManagedBashInput = z.output<typeof amplifierManagedBashInputSchema>;
