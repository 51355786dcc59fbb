import { asSchema, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createAiSdkTools } from "../../../src/surfaces/adapters/ai-sdk.js";
import { skipUnderWine } from "../../support/platform.js";
import { isAlive, waitUntilGone } from "../../support/process-probe.js";
import { BLOCKED, INVALID, RUNS, shellgateText, treeCommand, useAdapterFixture } from "./adapter-fixture.js";

const fixture = useAdapterFixture();
const messages: ModelMessage[] = [];

function bashOf(options: Parameters<typeof createAiSdkTools>[1] = {}) {
  const bash = createAiSdkTools(fixture.shellgate, options).bash!;
  return (input: unknown, callOptions: { abortSignal?: AbortSignal; experimental_context?: unknown } = {}) =>
    bash.execute!(input, { toolCallId: "call-1", messages, ...callOptions }) as Promise<{
      text: string;
      isError: boolean;
    }>;
}

describe("createAiSdkTools", () => {
  it("gives one AI SDK tool per shellgate tool, with shellgate's description and JSON Schema", async () => {
    const tools = createAiSdkTools(fixture.shellgate);
    const definitions = fixture.shellgate.tools();
    expect(Object.keys(tools)).toEqual(definitions.map((tool) => tool.name));
    expect(tools.bash!.description).toBe(definitions[0]!.description);
    expect(await asSchema(tools.bash!.inputSchema).jsonSchema).toEqual(definitions[0]!.inputSchema);
  });

  it("runs a command and hands the model its text", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const tool = createAiSdkTools(fixture.shellgate).bash!;
    const result = await bashOf()(RUNS);
    expect(result).toMatchObject({ text: "adapted\n", isError: false });
    const output = await tool.toModelOutput!({ toolCallId: "call-1", input: RUNS, output: result });
    expect(output).toEqual({ type: "text", value: "adapted\n" });
  });

  it("passes invalid input through to shellgate, whose message the model reads as error-text", async () => {
    const tool = createAiSdkTools(fixture.shellgate).bash!;
    const validation = await asSchema(tool.inputSchema).validate?.(INVALID);
    expect(validation === undefined || validation.success).toBe(true);
    const result = await bashOf()(INVALID);
    expect(result.isError).toBe(true);
    expect(result.text).toBe(await shellgateText(fixture.shellgate, INVALID));
    const output = await tool.toModelOutput!({ toolCallId: "call-1", input: INVALID, output: result });
    expect(output).toEqual({ type: "error-text", value: result.text });
  });

  it("answers a blocked command with the gate's own text", async () => {
    const result = await bashOf()(BLOCKED);
    expect(result.isError).toBe(true);
    expect(result.text).toBe(await shellgateText(fixture.shellgate, BLOCKED));
  });

  it("takes the owner from experimental_context, fencing background tasks by it", async () => {
    const tools = createAiSdkTools(fixture.shellgate);
    const call = { toolCallId: "call-1", messages };
    const started = (await tools.bash!.execute!(
      { command: "echo later", description: "Background", run_in_background: true },
      { ...call, experimental_context: { sessionId: "session-a" } },
    )) as { structured?: { task_id?: string } };
    const taskId = started.structured?.task_id;
    expect(taskId).toBeTruthy();
    const foreign = (await tools.bash_output!.execute!(
      { task_id: taskId },
      { ...call, experimental_context: { sessionId: "session-b" } },
    )) as { text: string; isError: boolean };
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toMatch(/belongs to another session/);
  });

  it("kills the process tree when the abort signal fires", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const tree = treeCommand(fixture.directory);
    const controller = new AbortController();
    const pending = bashOf()(tree.input, { abortSignal: controller.signal });
    const child = await tree.childPid();
    expect(isAlive(child)).toBe(true);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(await waitUntilGone(child)).toBe(true);
  });
});
