import { fenceConsole } from "./fence.js";
import { parseExitStatus } from "./parse-exit-status.js";
import { presentCall } from "./present-call.js";
import type { PresentableResult, ToolResultPresentation } from "./presentation.js";

/**
 * How a finished call renders. Always a fenced console block (the model-facing text itself stays
 * unfenced); a foreground `bash` run that really exited also gets a terminal view with its exit
 * status. Background acknowledgements and error results have no process exit, so no status.
 */
export function presentResult(
  toolName: string,
  input: unknown,
  result: PresentableResult,
): ToolResultPresentation {
  const content = [{ type: "text" as const, text: fenceConsole(result.text) }];
  const call = presentCall(toolName, input);
  if (toolName !== "bash" || call.terminal === undefined || result.isError) return { content };
  return { content, terminal: { output: result.text, ...parseExitStatus(result.text) } };
}
