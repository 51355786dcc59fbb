import type { ToolAnnotations } from "../../tools/tool-definition.js";

// What each tool may do to the world, for hosts that decide what to confirm.

/** Runs arbitrary commands. */
export const EXECUTES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** Only reads what a task or process already produced. */
export const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Stops something; repeating it is harmless. */
export const STOPS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

/** Sends input to a running process. */
export const WRITES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};
