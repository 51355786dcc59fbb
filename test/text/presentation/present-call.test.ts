import { describe, expect, it } from "vitest";
import { presentCall } from "../../../src/text/presentation/present-call.js";

describe("presentCall", () => {
  it("titles a bash call with the exact command and shows the description above the card", () => {
    expect(presentCall("bash", { command: "ls -la src", description: "List the sources" })).toEqual({
      title: "ls -la src",
      kind: "execute",
      rawInput: "ls -la src",
      content: [{ type: "text", text: "List the sources" }],
      terminal: {},
    });
  });

  it("gives a foreground run the model's workdir as the terminal cwd, as given", () => {
    expect(
      presentCall("bash", { command: "make", description: "Build", workdir: "sub/dir" }).terminal,
    ).toEqual({
      cwd: "sub/dir",
    });
    expect(presentCall("bash", { command: "make", description: "Build", workdir: "/abs" }).terminal).toEqual({
      cwd: "/abs",
    });
  });

  it("does not make a background run a terminal", () => {
    const view = presentCall("bash", {
      command: "npm run dev",
      description: "Start",
      run_in_background: true,
    });
    expect(view.kind).toBe("execute");
    expect(view).not.toHaveProperty("terminal");
  });

  it("titles bash_output and bash_kill by task", () => {
    expect(presentCall("bash_output", { task_id: "bash-3" })).toEqual({
      title: "Read output from background task bash-3",
      kind: "read",
      rawInput: "bash-3",
      content: [],
    });
    expect(presentCall("bash_kill", { task_id: "bash-3" }).title).toBe("Kill background task bash-3");
  });

  it("presents managed actions by process", () => {
    expect(presentCall("process_terminate", { process_id: "p1" }).title).toBe("Terminate process p1");
    expect(presentCall("bash", { action: "wait", process_id: "p1" }).title).toBe("Wait for process p1");
    expect(presentCall("process_start", { command: "npm run dev" })).not.toHaveProperty("terminal");
    expect(presentCall("bash", { action: "start", command: "npm run dev" })).not.toHaveProperty("terminal");
    expect(presentCall("process_list", {}).title).toBe("List managed processes");
  });

  it.each([null, "ls", 42, [], { command: 3 }, { task_id: "" }])(
    "falls back to a generic card for %j",
    (input) => {
      expect(presentCall("bash", input)).toEqual({
        title: "bash",
        kind: "other",
        rawInput: input,
        content: [],
      });
      expect(presentCall("bash_output", input).kind).toBe("other");
    },
  );
});
