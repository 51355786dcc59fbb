import { z } from "zod";
import {
  managedActionFields,
  type ProcessAction,
  writeHasInput,
} from "../../managed/actions/action-schemas.js";
import { commandField, runInBackgroundField, timeoutSecondsField } from "./fields.js";

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

const ACTION_FIELDS = { run: amplifierBashInputSchema.shape, ...managedActionFields };

/** The `action` values of the managed shape: the ordinary run, then every managed action. */
export const MANAGED_ACTIONS = Object.keys(ACTION_FIELDS) as [ManagedAction, ...ManagedAction[]];
export type ManagedAction = "run" | ProcessAction;

const FOLLOW_UPS: readonly ManagedAction[] = MANAGED_ACTIONS.filter(
  (action) => "process_id" in ACTION_FIELDS[action],
);

// Which actions each field belongs to, read off the actions' own shapes; a field given to any other
// action is refused, so a harmless-looking command cannot ride along on a follow-up that a host
// auto-approves.
const FIELD_ACTIONS: Record<string, readonly ManagedAction[]> = {};
for (const action of MANAGED_ACTIONS) {
  for (const field of Object.keys(ACTION_FIELDS[action])) {
    FIELD_ACTIONS[field] = [...(FIELD_ACTIONS[field] ?? []), action];
  }
}

const SPOOFABLE = new Set(["command", "timeout", "run_in_background"]);

function listActions(actions: readonly ManagedAction[]): string {
  const quoted = actions.map((action) => `'${action}'`);
  return quoted.length === 1 ? `action ${quoted[0]}` : `actions ${quoted.join(", ")}`;
}

const run = amplifierBashInputSchema.shape;
const { start, read, wait, write } = managedActionFields;

/**
 * The reference module's `bash` tool with `managed_processes` on: the same tool, more actions. Each
 * field is the one its action's own schema declares, made optional (only the run fields are
 * described anew, since here they serve start too).
 */
export const amplifierManagedBashInputSchema = z
  .strictObject({
    action: z
      .enum(MANAGED_ACTIONS)
      .default("run")
      .describe("run (default) runs to completion; start begins a managed process; the rest manage it."),
    command: run.command.describe("Bash command to execute (run and start).").optional(),
    timeout: run.timeout
      .unwrap()
      .describe("Timeout in seconds (1-3600); for start, the maximum lifetime of the process.")
      .optional(),
    run_in_background: run.run_in_background
      .unwrap()
      .describe("action run only: return at once with a task id (default false).")
      .optional(),
    pty: start.pty,
    question_ids: start.question_ids,
    process_id: read.process_id.optional(),
    cursor: read.cursor,
    max_bytes: read.max_bytes,
    wait_ms: wait.wait_ms,
    stdin: write.stdin,
    close_stdin: write.close_stdin,
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
    if (action === "write" && !writeHasInput(input)) {
      context.addIssue({
        code: "custom",
        path: ["stdin"],
        message: "or close_stdin is required for action 'write'",
      });
    }
  });

export type AmplifierBashInput = z.output<typeof amplifierBashInputSchema>;
export type AmplifierManagedBashInput = z.output<typeof amplifierManagedBashInputSchema>;
