import { RunContext } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { createOpenAIAgentsTools } from "../../../src/surfaces/adapters/openai-agents.js";
import { skipUnderWine } from "../../support/platform.js";
import { isAlive, waitUntilGone } from "../../support/process-probe.js";
import { BLOCKED, INVALID, RUNS, shellgateText, treeCommand, useAdapterFixture } from "./adapter-fixture.js";

const fixture = useAdapterFixture();

function toolNamed(name: string, context: unknown = {}) {
  const found = createOpenAIAgentsTools(fixture.shellgate).find((tool) => tool.name === name)!;
  // The SDK hands a function tool the model's arguments as a JSON string, with the run context.
  return (input: unknown, signal?: AbortSignal) =>
    found.invoke(new RunContext(context), JSON.stringify(input), signal ? { signal } : undefined);
}

describe("createOpenAIAgentsTools", () => {
  it("gives one function tool per shellgate tool, non-strict, with shellgate's description and schema", () => {
    const tools = createOpenAIAgentsTools(fixture.shellgate);
    const definitions = fixture.shellgate.tools();
    expect(tools.map((tool) => tool.name)).toEqual(definitions.map((tool) => tool.name));
    expect(tools[0]).toMatchObject({
      type: "function",
      strict: false,
      description: definitions[0]!.description,
      parameters: definitions[0]!.inputSchema,
    });
  });

  it("runs a command and returns its text", async (context) => {
    skipUnderWine(context, "no-git-bash");
    expect(await toolNamed("bash")(RUNS)).toBe("adapted\n");
  });

  it("returns shellgate's own message for invalid input and for a blocked command", async () => {
    expect(await toolNamed("bash")(INVALID)).toBe(await shellgateText(fixture.shellgate, INVALID));
    expect(await toolNamed("bash")(BLOCKED)).toBe(await shellgateText(fixture.shellgate, BLOCKED));
    expect(await toolNamed("bash")(BLOCKED)).toMatch(/^Command blocked by the safety gate/);
  });

  it("takes the owner from the run context, fencing background tasks by it", async () => {
    const started = await toolNamed("bash", { sessionId: "session-a" })({
      command: "echo later",
      description: "Background",
      run_in_background: true,
    });
    const taskId = /bash-[0-9a-f]+/.exec(String(started))?.[0];
    expect(taskId).toBeTruthy();
    const foreign = await toolNamed("bash_output", { sessionId: "session-b" })({ task_id: taskId });
    expect(foreign).toMatch(/belongs to another session/);
    const own = await toolNamed("bash_output", { sessionId: "session-a" })({ task_id: taskId });
    expect(own).not.toMatch(/belongs to another session/);
  });

  it("kills the process tree when the call's signal fires", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const tree = treeCommand(fixture.directory);
    const controller = new AbortController();
    const pending = toolNamed("bash")(tree.input, controller.signal);
    const child = await tree.childPid();
    expect(isAlive(child)).toBe(true);
    controller.abort();
    await pending.catch(() => undefined);
    expect(await waitUntilGone(child)).toBe(true);
  });
});
