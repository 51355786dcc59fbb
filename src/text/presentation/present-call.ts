import type { ToolCallPresentation } from "./presentation.js";

function record(input: unknown): Record<string, unknown> | undefined {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function generic(toolName: string, input: unknown): ToolCallPresentation {
  return { title: toolName, kind: "other", rawInput: input, content: [] };
}

function presentBash(fields: Record<string, unknown>, command: string): ToolCallPresentation {
  const description = text(fields.description);
  const content = description ? [{ type: "text" as const, text: description }] : [];
  const background = fields.run_in_background === true;
  const action = fields.action;
  const foreground = !background && (action === undefined || action === "run");
  const workdir = text(fields.workdir);
  return {
    title: command,
    kind: "execute",
    rawInput: command,
    content,
    ...(foreground ? { terminal: workdir ? { cwd: workdir } : {} } : {}),
  };
}

const TASK_TITLES: Record<string, [string, ToolCallPresentation["kind"]]> = {
  bash_output: ["Read output from background task", "read"],
  bash_kill: ["Kill background task", "other"],
};

const PROCESS_TITLES: Record<string, [string, ToolCallPresentation["kind"]]> = {
  read: ["Read output from process", "read"],
  wait: ["Wait for process", "read"],
  status: ["Status of process", "read"],
  write: ["Write to process", "other"],
  terminate: ["Terminate process", "other"],
};

/**
 * How a call renders in a UI. Pure and display-only (it also runs when a logged session is
 * replayed), so a malformed or older argument shape falls back to a generic card instead of throwing.
 */
export function presentCall(toolName: string, input: unknown): ToolCallPresentation {
  const fields = record(input);
  if (!fields) return generic(toolName, input);
  const command = text(fields.command);
  if ((toolName === "bash" || toolName === "process_start") && command) {
    const { terminal, ...view } = presentBash(fields, command);
    // A managed start returns at once and is read with process_read: never a terminal card.
    return toolName === "process_start" || terminal === undefined ? view : { ...view, terminal };
  }
  const taskId = text(fields.task_id);
  const task = TASK_TITLES[toolName];
  if (task && taskId) return { title: `${task[0]} ${taskId}`, kind: task[1], rawInput: taskId, content: [] };
  const processId = text(fields.process_id);
  const action = toolName.startsWith("process_") ? toolName.slice("process_".length) : fields.action;
  const process = typeof action === "string" ? PROCESS_TITLES[action] : undefined;
  if (process && processId) {
    return { title: `${process[0]} ${processId}`, kind: process[1], rawInput: processId, content: [] };
  }
  if (action === "list")
    return { title: "List managed processes", kind: "read", rawInput: input, content: [] };
  return generic(toolName, input);
}
