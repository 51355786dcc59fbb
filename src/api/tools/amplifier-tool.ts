import { bashDescriptionFor } from "../../text/descriptions/bash-description.js";
import {
  type AmplifierManagedBashInput,
  amplifierBashInputSchema,
  amplifierManagedBashInputSchema,
} from "../../tools/schemas/amplifier-bash.js";
import type { ToolCallContext, ToolDefinition, ToolResult } from "../../tools/tool-definition.js";
import { EXECUTES } from "./annotations.js";
import { defineTool } from "./define-tool.js";
import {
  listProcesses,
  processStatus,
  readProcess,
  startProcess,
  terminateProcess,
  waitProcess,
  writeProcess,
} from "./managed-actions.js";
import { runBashCall } from "./run-bash-call.js";
import type { ToolRuntime } from "./tool-runtime.js";

function runAction(
  runtime: ToolRuntime,
  input: { command: string; timeout?: number; run_in_background?: boolean },
  context: ToolCallContext,
): Promise<ToolResult> {
  return runBashCall(
    runtime,
    {
      command: input.command,
      background: input.run_in_background === true,
      backgroundHint: "; it runs until it exits or the session closes, and its output is not collected",
      ...(input.timeout !== undefined ? { timeoutMs: input.timeout * 1000 } : {}),
    },
    context,
  );
}

// Fields are already checked against their action by the schema; only the ones each action takes
// are passed on.
function dispatch(runtime: ToolRuntime, input: AmplifierManagedBashInput, context: ToolCallContext) {
  const processId = input.process_id ?? "";
  const page = {
    process_id: processId,
    ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
    ...(input.max_bytes !== undefined ? { max_bytes: input.max_bytes } : {}),
  };
  switch (input.action) {
    case "run":
      return runAction(
        runtime,
        {
          command: input.command ?? "",
          ...(input.timeout !== undefined ? { timeout: input.timeout } : {}),
          ...(input.run_in_background !== undefined ? { run_in_background: input.run_in_background } : {}),
        },
        context,
      );
    case "start":
      return startProcess(
        runtime,
        {
          command: input.command ?? "",
          ...(input.timeout !== undefined ? { timeout: input.timeout } : {}),
          ...(input.pty !== undefined ? { pty: input.pty } : {}),
          ...(input.question_ids !== undefined ? { question_ids: input.question_ids } : {}),
        },
        context,
      );
    case "read":
      return readProcess(runtime, page, context);
    case "wait":
      return waitProcess(
        runtime,
        { ...page, ...(input.wait_ms !== undefined ? { wait_ms: input.wait_ms } : {}) },
        context,
      );
    case "status":
      return processStatus(runtime, { process_id: processId }, context);
    case "write":
      return writeProcess(
        runtime,
        {
          process_id: processId,
          ...(input.stdin !== undefined ? { stdin: input.stdin } : {}),
          ...(input.close_stdin !== undefined ? { close_stdin: input.close_stdin } : {}),
        },
        context,
      );
    case "terminate":
      return terminateProcess(runtime, { process_id: processId }, context);
    case "list":
      return listProcesses(runtime, context);
  }
}

const MANAGED_OFF =
  "Managed process actions require managed_processes=true in host configuration; use run_in_background for a simple background task.";

function managedActionRequested(input: unknown): boolean {
  if (typeof input !== "object" || input === null || !("action" in input)) return false;
  return (input as { action: unknown }).action !== "run";
}

// `action: "run"` is the ordinary call spelled out; the ordinary schema does not list it.
function withoutRunAction(input: unknown): unknown {
  if (typeof input !== "object" || input === null || !("action" in input)) return input;
  const { action: _run, ...rest } = input as Record<string, unknown>;
  return rest;
}

/** The reference module's single `bash` tool; with `managed_processes` on, its `action` field too. */
export function amplifierTool(runtime: ToolRuntime): ToolDefinition {
  const description = bashDescriptionFor("amplifier", runtime.descriptionContext);
  const annotations = { ...EXECUTES, title: "Run a bash command" };
  if (!runtime.processes) {
    const tool = defineTool({
      name: "bash",
      description,
      schema: amplifierBashInputSchema,
      annotations,
      run: (input, context) => runAction(runtime, input, context),
    });
    // The ordinary schema has no `action`; a managed action gets the reference module's answer
    // instead of "unknown field".
    return {
      ...tool,
      execute: (input, context) =>
        managedActionRequested(input)
          ? Promise.resolve({ text: MANAGED_OFF, isError: true })
          : tool.execute(withoutRunAction(input), context),
    };
  }
  return defineTool({
    name: "bash",
    description,
    schema: amplifierManagedBashInputSchema,
    annotations,
    run: (input, context) => dispatch(runtime, input, context),
  });
}
