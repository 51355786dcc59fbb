import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { ToolDefinition, ToolResult } from "../../src/tools/tool-definition.js";
import { fileAppears } from "../fixtures/cli/run-cli.js";
import { skipUnderWine } from "../support/platform.js";

// MCP clients validate structured content against the announced output schema; a mismatch is a
// protocol error on the client side. Every tool's real results must fit its schema.

let shellgate: Shellgate;
let tools: Map<string, ToolDefinition>;
const ajv = new Ajv({ strict: true });
// Truncated results name their spill files, which therefore outlive close(): keep them in here.
const spillDirectory = mkdtempSync(path.join(os.tmpdir(), "output-schemas-"));

beforeAll(async () => {
  shellgate = await createShellgate({
    managed_processes: true,
    max_output_bytes: 1024,
    spill_dir: spillDirectory,
  });
  tools = new Map(shellgate.tools().map((tool) => [tool.name, tool]));
});

afterAll(async () => {
  await shellgate.close();
  rmSync(spillDirectory, { recursive: true, force: true });
});

async function call(name: string, input: unknown): Promise<ToolResult> {
  const tool = tools.get(name);
  if (!tool?.outputSchema) throw new Error(`${name} has no output schema`);
  const result = await tool.execute(input, { ownerId: "schema-test" });
  expect(result.isError, result.text).toBe(false);
  const validate = ajv.compile(tool.outputSchema);
  expect(validate(result.structured), JSON.stringify(validate.errors)).toBe(true);
  return result;
}

describe("structured results match the output schemas", () => {
  it("bash: plain, truncated, timed out, background", async (context) => {
    skipUnderWine(context, "no-git-bash");
    await call("bash", { command: "echo hi", description: "Echo" });
    const truncated = await call("bash", { command: "seq 1 5000", description: "Count" });
    expect(truncated.structured?.truncated).toMatchObject({ stdout: true });
    await call("bash", { command: "sleep 5", description: "Sleep", timeoutMs: 1000 });
    const started = await call("bash", { command: "echo bg", description: "Echo", run_in_background: true });
    const taskId = String(started.structured?.task_id);
    await call("bash_output", { task_id: taskId });
    await call("bash_kill", { task_id: taskId });
  });

  it("bash_output returns the output once: in the text, with only its size in the structured result", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const ready = path.join(spillDirectory, "read-once.done");
    const started = await call("bash", {
      command: `printf 'x%.0s' $(seq 1 800); printf 'e' >&2; : > '${ready}'`,
      description: "Print",
      run_in_background: true,
    });
    await fileAppears(ready);
    const taskId = String(started.structured?.task_id);
    // Each read returns what came since the last; the task ends right after the ready file.
    let text = "";
    const characters = { stdout: 0, stderr: 0 };
    for (;;) {
      const read = await call("bash_output", { task_id: taskId });
      text += read.text;
      expect(read.structured).not.toHaveProperty("stdout");
      expect(read.structured).not.toHaveProperty("stderr");
      expect(JSON.stringify(read.structured)).not.toContain("xxxx");
      const added = read.structured?.characters as { stdout: number; stderr: number };
      characters.stdout += added.stdout;
      characters.stderr += added.stderr;
      if (read.structured?.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toContain("x".repeat(800));
    expect(characters).toEqual({ stdout: 800, stderr: 1 });
  });

  it("process tools: start, read, wait, status, write, terminate, list", async () => {
    const started = await call("process_start", { command: "cat" });
    const processId = String(started.structured?.process_id);
    await call("process_read", { process_id: processId });
    await call("process_write", { process_id: processId, close_stdin: true });
    await call("process_wait", { process_id: processId, wait_ms: 2000 });
    await call("process_status", { process_id: processId });
    await call("process_terminate", { process_id: processId });
    const listed = await call("process_list", {});
    expect(listed.structured?.processes).toHaveLength(1);
  });
});
