import { LIST_HINT } from "../../managed/lifecycle/process-table.js";
import { ManagedProcessError } from "../../managed/managed-process-error.js";
import { PROCESS_DESCRIPTIONS } from "../../tools/descriptions/task-descriptions.js";
import {
  processListSchema,
  processPageSchema,
  processStatusSchema,
} from "../../tools/results/process-results.js";
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
import type { ToolRuntime } from "./tool-runtime.js";

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

/** The managed-process actions as separate tools (the MCP surface, `managed_processes` on). */
export function processTools(runtime: ToolRuntime): ToolDefinition[] {
  return [
    defineTool({
      name: "process_start",
      description: PROCESS_DESCRIPTIONS.process_start,
      schema: processStartInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...EXECUTES, title: "Start a managed process" },
      run: inProcessToolTerms((input, context) => startProcess(runtime, input, context)),
    }),
    defineTool({
      name: "process_read",
      description: PROCESS_DESCRIPTIONS.process_read,
      schema: processReadInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...READS, idempotentHint: true, title: "Read a managed process's output" },
      run: inProcessToolTerms((input, context) => readProcess(runtime, input, context)),
    }),
    defineTool({
      name: "process_wait",
      description: PROCESS_DESCRIPTIONS.process_wait,
      schema: processWaitInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...READS, title: "Wait for a managed process" },
      run: inProcessToolTerms((input, context) => waitProcess(runtime, input, context)),
    }),
    defineTool({
      name: "process_status",
      description: PROCESS_DESCRIPTIONS.process_status,
      schema: processStatusInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...READS, title: "Status of a managed process" },
      run: inProcessToolTerms((input, context) => processStatus(runtime, input, context)),
    }),
    defineTool({
      name: "process_write",
      description: PROCESS_DESCRIPTIONS.process_write,
      schema: processWriteInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...WRITES, title: "Write to a managed process" },
      run: inProcessToolTerms((input, context) => writeProcess(runtime, input, context)),
    }),
    defineTool({
      name: "process_terminate",
      description: PROCESS_DESCRIPTIONS.process_terminate,
      schema: processTerminateInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...STOPS, title: "Terminate a managed process" },
      run: inProcessToolTerms((input, context) => terminateProcess(runtime, input, context)),
    }),
    defineTool({
      name: "process_list",
      description: PROCESS_DESCRIPTIONS.process_list,
      schema: processListInputSchema,
      outputSchema: processListSchema,
      annotations: { ...READS, title: "List managed processes" },
      run: inProcessToolTerms((_input, context) => listProcesses(runtime, context)),
    }),
  ];
}
