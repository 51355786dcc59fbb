import type { ProcessManager } from "../../managed/process-manager.js";
import { listText, pageText, statusLine } from "../../text/results/process-text.js";
import type { ProcessStartInput } from "../../tools/schemas/process-tools.js";
import type { ToolCallContext, ToolResult } from "../../tools/tool-definition.js";
import { sessionDirectory } from "../working-directory.js";
import type { ToolRuntime } from "./tool-runtime.js";

// The managed-process actions, shared by the `process_*` tools and the single `bash` tool's
// `action` field: same admission, same receipts, same text.

function managerFor(runtime: ToolRuntime, context: ToolCallContext): ProcessManager {
  if (!runtime.processes) {
    throw new Error(
      "Managed process actions require managed_processes=true in host configuration; use run_in_background for a simple background task.",
    );
  }
  return runtime.processes.for(context.ownerId);
}

function receipt(text: string, structured: object): ToolResult {
  return { text, isError: false, structured: structured as Record<string, unknown> };
}

export async function startProcess(
  runtime: ToolRuntime,
  input: ProcessStartInput,
  context: ToolCallContext,
): Promise<ToolResult> {
  const manager = managerFor(runtime, context);
  const cwd = sessionDirectory(runtime.cwd, context.cwd);
  const admission = await runtime.admit({
    command: input.command,
    cwd,
    action: "start",
    timeout: input.timeout ?? runtime.config.timeout,
    pty: input.pty === true,
    ...(context.ownerId !== undefined ? { ownerId: context.ownerId } : {}),
  });
  if (!admission.allowed) return { text: admission.reason, isError: true };
  const page = await manager.start(input, {
    cwd,
    verdict: admission.verdict,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  return receipt(`started process ${page.process_id}\n${pageText(page)}`, page);
}

export async function readProcess(
  runtime: ToolRuntime,
  input: { process_id: string; cursor?: number; max_bytes?: number },
  context: ToolCallContext,
): Promise<ToolResult> {
  const page = await managerFor(runtime, context).read(input);
  return receipt(pageText(page), page);
}

export async function waitProcess(
  runtime: ToolRuntime,
  input: { process_id: string; cursor?: number; max_bytes?: number; wait_ms?: number },
  context: ToolCallContext,
): Promise<ToolResult> {
  const page = await managerFor(runtime, context).wait(input);
  return receipt(pageText(page), page);
}

export async function processStatus(
  runtime: ToolRuntime,
  input: { process_id: string },
  context: ToolCallContext,
): Promise<ToolResult> {
  const status = await managerFor(runtime, context).status(input);
  return receipt(statusLine(status), status);
}

export async function writeProcess(
  runtime: ToolRuntime,
  input: { process_id: string; stdin?: string; close_stdin?: boolean },
  context: ToolCallContext,
): Promise<ToolResult> {
  const written = await managerFor(runtime, context).write(input);
  const closed = input.close_stdin === true ? " and closed its input" : "";
  return receipt(`[wrote ${written.bytes_written} bytes${closed}]\n${statusLine(written)}`, written);
}

export async function terminateProcess(
  runtime: ToolRuntime,
  input: { process_id: string },
  context: ToolCallContext,
): Promise<ToolResult> {
  const status = await managerFor(runtime, context).terminate(input);
  return receipt(statusLine(status), status);
}

export async function listProcesses(runtime: ToolRuntime, context: ToolCallContext): Promise<ToolResult> {
  const list = await managerFor(runtime, context).list();
  return receipt(listText(list), list);
}
