import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createLangChainTools } from "../../../src/surfaces/adapters/langchain.js";
import { skipUnderWine } from "../../support/platform.js";
import { isAlive, waitUntilGone } from "../../support/process-probe.js";
import { BLOCKED, INVALID, RUNS, shellgateText, treeCommand, useAdapterFixture } from "./adapter-fixture.js";

const fixture = useAdapterFixture();

function toolNamed(name: string) {
  return createLangChainTools(fixture.shellgate).find((tool) => tool.name === name)!;
}

function toolCall(args: unknown) {
  return { type: "tool_call" as const, id: "call-1", name: "bash", args: args as Record<string, unknown> };
}

describe("createLangChainTools", () => {
  it("gives one tool per shellgate tool, with shellgate's description and JSON Schema", () => {
    const tools = createLangChainTools(fixture.shellgate);
    const definitions = fixture.shellgate.tools();
    expect(tools.map((tool) => tool.name)).toEqual(definitions.map((tool) => tool.name));
    expect(tools[0]!.description).toBe(definitions[0]!.description);
    expect(tools[0]!.schema).toEqual(definitions[0]!.inputSchema);
  });

  it("runs a tool call into a success ToolMessage carrying the structured result", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const message = await toolNamed("bash").invoke(toolCall(RUNS));
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message).toMatchObject({ content: "adapted\n", status: "success", tool_call_id: "call-1" });
    expect((message as ToolMessage).artifact).toMatchObject({ exitCode: 0 });
    expect(await toolNamed("bash").invoke(RUNS)).toBe("adapted\n");
  });

  it("answers invalid input with shellgate's message and status error, not LangChain's", async () => {
    const message = await toolNamed("bash").invoke(toolCall(INVALID));
    expect(message).toMatchObject({
      status: "error",
      content: await shellgateText(fixture.shellgate, INVALID),
    });
    expect(await toolNamed("bash").invoke(INVALID)).toBe(await shellgateText(fixture.shellgate, INVALID));
  });

  it("answers a blocked command with the gate's own text and status error", async () => {
    const message = await toolNamed("bash").invoke(toolCall(BLOCKED));
    expect(message).toMatchObject({
      status: "error",
      content: await shellgateText(fixture.shellgate, BLOCKED),
    });
  });

  it("takes the owner from configurable.thread_id, fencing background tasks by it", async () => {
    const background = { command: "echo later", description: "Background", run_in_background: true };
    const started = await toolNamed("bash").invoke(background, { configurable: { thread_id: "thread-a" } });
    const taskId = /bash-[0-9a-f]+/.exec(String(started))?.[0];
    expect(taskId).toBeTruthy();
    const foreign = await toolNamed("bash_output").invoke(
      { task_id: taskId },
      { configurable: { thread_id: "thread-b" } },
    );
    expect(foreign).toMatch(/belongs to another session/);
  });

  it("kills the process tree when the config's signal fires", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const tree = treeCommand(fixture.directory);
    const controller = new AbortController();
    const pending = toolNamed("bash").invoke(toolCall(tree.input), { signal: controller.signal });
    const child = await tree.childPid();
    expect(isAlive(child)).toBe(true);
    controller.abort();
    const message = await pending.catch((error: unknown) => error);
    expect(message).toMatchObject({ status: "error" });
    expect(await waitUntilGone(child)).toBe(true);
  });
});
