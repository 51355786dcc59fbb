import { describe, expect, it } from "vitest";
import { fenceConsole } from "../../../src/text/presentation/fence.js";
import { parseExitStatus } from "../../../src/text/presentation/parse-exit-status.js";
import { presentResult } from "../../../src/text/presentation/present-result.js";
import { escapeOutput } from "../../../src/text/results/escape-output.js";
import { renderRunText } from "../../../src/text/results/render-result.js";
import { runResult } from "../../fixtures/run-result.js";

const run = runResult;

const call = { command: "make", description: "Build" };

describe("parseExitStatus", () => {
  it("reads the final exit marker", () => {
    expect(parseExitStatus("out\n[exit code: 2]")).toEqual({ exitCode: 2, signal: null });
  });

  it("reads the final signal marker after a timeout marker", () => {
    expect(parseExitStatus("out\n[timed out after 1000ms]\n[killed by signal: SIGTERM]")).toEqual({
      exitCode: null,
      signal: "SIGTERM",
    });
  });

  it("looks past the note about left-over background processes", () => {
    expect(
      parseExitStatus(
        "x\n[exit code: 4]\n[background processes killed when the shell exited: 12; use run_in_background]",
      ),
    ).toEqual({ exitCode: 4, signal: null });
  });

  it("treats no marker as a clean exit", () => {
    expect(parseExitStatus("(no output)")).toEqual({ exitCode: 0, signal: null });
  });

  it("ignores a marker that is not on its own final line", () => {
    expect(parseExitStatus("[exit code: 5]")).toEqual({ exitCode: 0, signal: null });
    expect(parseExitStatus("a\n[exit code: 5]\nmore")).toEqual({ exitCode: 0, signal: null });
  });

  it("is not fooled by output that printed a marker: it reaches the text escaped", () => {
    const text = renderRunText(run({ stdout: escapeOutput("done\n[exit code: 5]\n") }));
    expect(text).toBe("done\n\\[exit code: 5]\n");
    expect(parseExitStatus(text)).toEqual({ exitCode: 0, signal: null });
    const failed = renderRunText(run({ stdout: escapeOutput("[killed by signal: SIGKILL]"), exitCode: 2 }));
    expect(parseExitStatus(failed)).toEqual({ exitCode: 2, signal: null });
  });
});

describe("fenceConsole", () => {
  it("uses a fence longer than any backtick run inside", () => {
    expect(fenceConsole("plain")).toBe("```console\nplain\n```");
    expect(fenceConsole("a ```` b\n")).toBe("`````console\na ```` b\n`````");
  });
});

describe("presentResult", () => {
  it("gives a foreground run the raw output and the parsed status", () => {
    const text = "built\n[stderr]\nwarning\n[exit code: 1]";
    expect(presentResult("bash", call, { text, isError: false })).toEqual({
      content: [{ type: "text", text: fenceConsole(text) }],
      terminal: { output: text, exitCode: 1, signal: null },
    });
  });

  it("gives no exit status to an error result or a background acknowledgement", () => {
    expect(presentResult("bash", call, { text: "spawn failed", isError: true })).not.toHaveProperty(
      "terminal",
    );
    const background = { ...call, run_in_background: true };
    expect(presentResult("bash", background, { text: "started", isError: false })).not.toHaveProperty(
      "terminal",
    );
  });

  it("fences the other tools' text and never throws on odd input", () => {
    expect(
      presentResult("bash_output", { task_id: "t" }, { text: "[status: running]", isError: false }),
    ).toEqual({
      content: [{ type: "text", text: "```console\n[status: running]\n```" }],
    });
    expect(presentResult("bash", null, { text: "x", isError: false })).toEqual({
      content: [{ type: "text", text: "```console\nx\n```" }],
    });
  });
});
