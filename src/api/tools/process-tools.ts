import type { z } from "zod";
import { LIST_HINT } from "../../managed/lifecycle/process-table.js";
import { ManagedProcessError } from "../../managed/managed-process-error.js";
import { PROCESS_DESCRIPTIONS } from "../../text/descriptions/task-descriptions.js";
import { processResultSchemas } from "../../text/results/process-results.js";
import {
  processListInputSchema,
  processReadInputSchema,
  processStartInputSchema,
  processStatusInputSchema,
  processTerminateInputSchema,
  processWaitInputSchema,
  processWriteInputSchema,
} from "../../tools/schemas/process-tools.js";
import type { ToolCallContext, ToolDefinition, ToolResult } from "../../tools/tool-definition.js";
import { EXECUTES, READS, STOPS, WRITES } from "./annotations.js";
import { defineTool, type ToolSpec } from "./define-tool.js";
import {
  listProcesses,
  processStatus,
  readProcess,
  startProcess,
  terminateProcess,
  waitProcess,
  writeProcess,
} from "./managed-actions.js";
import type { ToolRuntime } from "./tool-runtime.js";

type ProcessToolName = keyof typeof PROCESS_DESCRIPTIONS;

/** The managed layer's refusals name `action=list` (the single-tool shape); these tools have process_list. */
function inProcessToolTerms<Input>(
  run: (input: Input, context: ToolCallContext) => Promise<ToolResult>,
): (input: Input, context: ToolCallContext) => Promise<ToolResult> {
  return async (input, context) => {
    try {
      return await run(input, context);
    } catch (error) {
      if (!(error instanceof ManagedProcessError) || !error.message.includes(LIST_HINT)) throw error;
      const reworded = error.message.replace(LIST_HINT, "Call process_list to see this session's processes.");
      throw new ManagedProcessError(error.code, reworded);
    }
  };
}

/** One `process_*` tool: its description comes from the texts by name, so each row says only what differs. */
function processTool<Schema extends z.ZodType>(
  name: ProcessToolName,
  spec: Omit<ToolSpec<Schema>, "name" | "description">,
): ToolDefinition {
  return defineTool({
    name,
    description: PROCESS_DESCRIPTIONS[name],
    ...spec,
    run: inProcessToolTerms(spec.run),
  });
}

/** The managed-process actions as separate tools (the MCP surface, `managed_processes` on). */
export function processTools(runtime: ToolRuntime): ToolDefinition[] {
  const { page, status, list } = processResultSchemas();
  return [
    processTool("process_start", {
      schema: processStartInputSchema,
      outputSchema: page,
      annotations: { ...EXECUTES, title: "Start a managed process" },
      run: (input, context) => startProcess(runtime, input, context),
    }),
    processTool("process_read", {
      schema: processReadInputSchema,
      outputSchema: page,
      annotations: { ...READS, idempotentHint: true, title: "Read a managed process's output" },
      run: (input, context) => readProcess(runtime, input, context),
    }),
    processTool("process_wait", {
      schema: processWaitInputSchema,
      outputSchema: page,
      annotations: { ...READS, title: "Wait for a managed process" },
      run: (input, context) => waitProcess(runtime, input, context),
    }),
    processTool("process_status", {
      schema: processStatusInputSchema,
      outputSchema: status,
      annotations: { ...READS, title: "Status of a managed process" },
      run: (input, context) => processStatus(runtime, input, context),
    }),
    processTool("process_write", {
      schema: processWriteInputSchema,
      outputSchema: status,
      annotations: { ...WRITES, title: "Write to a managed process" },
      run: (input, context) => writeProcess(runtime, input, context),
    }),
    processTool("process_terminate", {
      schema: processTerminateInputSchema,
      outputSchema: status,
      annotations: { ...STOPS, title: "Terminate a managed process" },
      run: (input, context) => terminateProcess(runtime, input, context),
    }),
    processTool("process_list", {
      schema: processListInputSchema,
      outputSchema: list,
      annotations: { ...READS, title: "List managed processes" },
      run: (_input, context) => listProcesses(runtime, context),
    }),
  ];
}
