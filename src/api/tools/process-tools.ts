import { PROCESS_DESCRIPTIONS } from "../../text/descriptions/task-descriptions.js";
import {
  processListSchema,
  processPageSchema,
  processStatusSchema,
} from "../../text/results/process-results.js";
import {
  processListInputSchema,
  processReadInputSchema,
  processStartInputSchema,
  processStatusInputSchema,
  processTerminateInputSchema,
  processWaitInputSchema,
  processWriteInputSchema,
} from "../../tools/schemas/process-tools.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";
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

/** The managed-process actions as separate tools (the MCP surface, `managed_processes` on). */
export function processTools(runtime: ToolRuntime): ToolDefinition[] {
  return [
    defineTool({
      name: "process_start",
      description: PROCESS_DESCRIPTIONS.process_start,
      schema: processStartInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...EXECUTES, title: "Start a managed process" },
      run: (input, context) => startProcess(runtime, input, context),
    }),
    defineTool({
      name: "process_read",
      description: PROCESS_DESCRIPTIONS.process_read,
      schema: processReadInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...READS, idempotentHint: true, title: "Read a managed process's output" },
      run: (input, context) => readProcess(runtime, input, context),
    }),
    defineTool({
      name: "process_wait",
      description: PROCESS_DESCRIPTIONS.process_wait,
      schema: processWaitInputSchema,
      outputSchema: processPageSchema,
      annotations: { ...READS, title: "Wait for a managed process" },
      run: (input, context) => waitProcess(runtime, input, context),
    }),
    defineTool({
      name: "process_status",
      description: PROCESS_DESCRIPTIONS.process_status,
      schema: processStatusInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...READS, title: "Status of a managed process" },
      run: (input, context) => processStatus(runtime, input, context),
    }),
    defineTool({
      name: "process_write",
      description: PROCESS_DESCRIPTIONS.process_write,
      schema: processWriteInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...WRITES, title: "Write to a managed process" },
      run: (input, context) => writeProcess(runtime, input, context),
    }),
    defineTool({
      name: "process_terminate",
      description: PROCESS_DESCRIPTIONS.process_terminate,
      schema: processTerminateInputSchema,
      outputSchema: processStatusSchema,
      annotations: { ...STOPS, title: "Terminate a managed process" },
      run: (input, context) => terminateProcess(runtime, input, context),
    }),
    defineTool({
      name: "process_list",
      description: PROCESS_DESCRIPTIONS.process_list,
      schema: processListInputSchema,
      outputSchema: processListSchema,
      annotations: { ...READS, title: "List managed processes" },
      run: (_input, context) => listProcesses(runtime, context),
    }),
  ];
}
