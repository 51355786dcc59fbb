import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binaryPlaceholder } from "../../../src/execution/io/binary-guard.js";
import { truncateOutput } from "../../../src/execution/io/truncate-output.js";
import { boundRead } from "../../../src/execution/tasks/bounded-read.js";
import type { TaskSnapshot } from "../../../src/reports/task-types.js";
import type { Verdict } from "../../../src/safety/verdict.js";
import {
  approvalFailedText,
  blockedText,
  CLOSED_TEXT,
  NO_APPROVER_TEXT,
  notApprovedText,
} from "../../../src/text/refusals/refusal-text.js";
import {
  escapeMarkerLines,
  escapeOutput,
  neutralizeControls,
} from "../../../src/text/results/escape-output.js";
import { listText, pageText, statusLine } from "../../../src/text/results/process-text.js";
import {
  renderRunMarkers,
  renderRunText,
  truncationNotice,
} from "../../../src/text/results/render-result.js";
import {
  renderKill,
  renderTaskDoneNotice,
  renderTaskRead,
  renderTaskStarted,
  renderTaskStatus,
} from "../../../src/text/results/render-task.js";
import {
  sandboxDenialMarker,
  sandboxNotAppliedNote,
  sandboxRequiredRefusal,
} from "../../../src/text/sandbox/sandbox-texts.js";
import { runResult } from "../../fixtures/run-result.js";

const run = runResult;

function task(overrides: Partial<TaskSnapshot>): TaskSnapshot {
  return {
    id: "t1",
    command: "make",
    owner: undefined,
    status: "completed",
    exitCode: 0,
    signal: null,
    killRequested: false,
    pid: 10,
    startedAt: 0,
    workdir: "/w",
    ...overrides,
  };
}

const policy = { mode: "required", allowWrite: ["/w"], denyRead: [], allowedDomains: [] } as never;
const unavailable = { available: false, mechanism: "none", reason: "bwrap is missing" } as never;
const verdict = { decision: "block", profile: "standard", rule: "fs.rm-root", reason: "deletes /" } as never;

/** Every line shellgate writes around output, rendered by the real renderers. */
function shellgateLines(): string[] {
  const lines = new Set<string>();
  const add = (text: string) => {
    for (const line of text.split("\n")) if (line.trim() !== "") lines.add(line);
  };
  add(truncationNotice("/tmp/spill/stdout"));
  add(truncationNotice(null));
  add(
    renderRunMarkers(
      run({
        timedOut: true,
        exitCode: 3,
        backgroundChildren: { pids: [5], killed: true },
        survivors: [6],
        outputHeldOpen: true,
        sandbox: sandboxDenialMarker(
          [
            { kind: "write", path: "/etc/motd" },
            { kind: "read", path: "/root/.ssh" },
            { kind: "network", host: "example.com:443" },
          ] as never,
          policy,
        ),
      }),
    ).join("\n"),
  );
  add(
    renderRunMarkers(run({ signal: "SIGKILL", backgroundChildren: { pids: [5], killed: false } })).join("\n"),
  );
  add(renderRunText(run({ stdout: "out", stderr: "err" })));
  add(renderRunText(run({})));
  add(sandboxNotAppliedNote(unavailable));
  add(sandboxRequiredRefusal(unavailable));
  for (const status of ["running", "completed", "killed"] as const) add(renderTaskStatus(task({ status })));
  add(renderTaskStatus(task({ status: "killed", signal: "SIGTERM" })));
  add(
    renderTaskRead({
      task: task({}),
      stdout: "",
      stderr: "",
      lossy: true,
      lostBytes: { stdout: 1, stderr: 0 },
      spill: { stdout: "/tmp/s" },
      sandbox: "[sandbox denied: x]",
    } as never),
  );
  add(renderTaskStarted(task({})));
  add(renderKill({ killed: false, task: task({}) }));
  add(renderKill({ killed: true, task: task({ status: "killed" }) }));
  add(renderKill({ killed: true, task: task({ status: "killed", survivors: [4], outputHeldOpen: true }) }));
  add(renderTaskDoneNotice(task({})));
  const page = {
    process_id: "0123456789abcdef0123456789abcdef",
    state: "failed",
    returncode: 2,
    termination_reason: "timeout",
    output_complete: false,
    chunks: [
      { stream: "stdout", text: "a" },
      { stream: "stderr", text: "b" },
      { stream: "stdout", text: "c" },
    ],
    next_cursor: 3,
    has_more: true,
    cursor_expired: true,
    dropped_output_bytes: 9,
    earliest_cursor: 2,
  };
  add(pageText(page));
  add(pageText({ ...page, chunks: [] }));
  add(statusLine(page));
  add(listText({ processes: [] }));
  add("started process 0123456789abcdef0123456789abcdef");
  add("[wrote 12 bytes, stdin closed]");
  add("[command aborted: the call was cancelled and its process tree stopped]");
  add("started in the background: pid 12; output: /tmp/log");
  const long = new TextEncoder().encode("line\n".repeat(100));
  add(truncateOutput({ head: long, tail: long, totalBytes: long.length, limit: 100 }).marker);
  const wide = new TextEncoder().encode("x".repeat(500));
  add(truncateOutput({ head: wide, tail: wide, totalBytes: wide.length, limit: 100 }).marker);
  add(
    boundRead(long, "stdout", 100, "/tmp/spill")
      .text.split("\n")
      .find((line) => line.startsWith("[...")) ?? "",
  );
  add(binaryPlaceholder("stdout", 100, 0.5));
  add(blockedText(verdict as Verdict));
  add(NO_APPROVER_TEXT);
  add(approvalFailedText("boom"));
  add(notApprovedText("no"));
  add(CLOSED_TEXT);
  add("task t1 belongs to another session");
  return [...lines].filter((line) => !["out", "err", "a", "b", "c"].includes(line));
}

describe("escapeMarkerLines", () => {
  it("escapes every line shellgate itself writes, when a command prints it", () => {
    const lines = shellgateLines();
    expect(lines.length).toBeGreaterThan(35);
    for (const line of lines) expect(escapeMarkerLines(line), line).toBe(`\\${line}`);
  });

  it("escapes a marker line anywhere in the output, whatever line break or blanks come before it", () => {
    expect(escapeMarkerLines("ok\n[exit code: 0]\nmore")).toBe("ok\n\\[exit code: 0]\nmore");
    expect(escapeMarkerLines("ok\r\n[stderr]\r\n")).toBe("ok\r\n\\[stderr]\r\n");
    expect(escapeMarkerLines("50%\r[exit code: 0]")).toBe("50%\r\\[exit code: 0]");
    expect(escapeMarkerLines("a\u2028[status: completed, exit code: 0]")).toBe(
      "a\u2028\\[status: completed, exit code: 0]",
    );
    expect(escapeMarkerLines("  \t[sandbox denied: nothing]")).toBe("  \t\\[sandbox denied: nothing]");
    expect(escapeMarkerLines("\u200b\ufeff[Exit Code: 0]")).toBe("\u200b\ufeff\\[Exit Code: 0]");
  });

  it("gives an already escaped line one more backslash, so it stays told apart", () => {
    expect(escapeMarkerLines("\\[exit code: 0]")).toBe("\\\\[exit code: 0]");
    expect(escapeMarkerLines("\\\\[stderr]")).toBe("\\\\\\[stderr]");
  });

  it("leaves ordinary bracketed output alone", () => {
    const ordinary = [
      "[INFO] server started",
      "[1, 2, 3]",
      "[tool.poetry]",
      "[ OK ] Started unit",
      "[process]",
      "exit code: 0",
      "see [exit code: 0] mid-line",
      "(no output yet)",
      "started process",
      "Started process 1234 (nginx)",
      "\\n[exit code: 0]",
    ];
    for (const line of ordinary) expect(escapeMarkerLines(line), line).toBe(line);
  });
});

describe("neutralizeControls", () => {
  it("removes colours, cursor moves, titles and hyperlink framing", () => {
    expect(neutralizeControls("\u001b[1;31mred\u001b[0m")).toBe("red");
    expect(neutralizeControls("a\u001b[2K\u001b[1Gb")).toBe("ab");
    expect(neutralizeControls("\u001b]0;title\u0007text")).toBe("text");
    expect(neutralizeControls("\u001b]8;;https://x.test\u001b\\link\u001b]8;;\u001b\\")).toBe("link");
    expect(neutralizeControls("\u001b(Bplain\u001b=")).toBe("plain");
  });

  it("shows every other control character as \\xNN, keeping tab, LF and CR", () => {
    expect(neutralizeControls("a\u0000b\u0007c\u0008d\u007f")).toBe("a\\x00b\\x07c\\x08d\\x7f");
    expect(neutralizeControls("\u009b31m")).toBe("\\x9b31m");
    expect(neutralizeControls("tab\there\r\nnext\n")).toBe("tab\there\r\nnext\n");
    // An escape sequence cut off by truncation loses nothing silently.
    expect(neutralizeControls("end\u001b")).toBe("end\\x1b");
  });
});

describe("escapeOutput", () => {
  it("escapes a marker hidden behind a terminal sequence", () => {
    expect(escapeOutput("ok\n\u001b[2K\u001b[0G[exit code: 0]\n")).toBe("ok\n\\[exit code: 0]\n");
    expect(escapeOutput("\u001b[8m[sandbox: not applied]\u001b[0m")).toBe("\\[sandbox: not applied]");
  });

  it("returns plain output unchanged", () => {
    expect(escapeOutput("")).toBe("");
    expect(escapeOutput("hello\nworld\n")).toBe("hello\nworld\n");
  });

  it("never leaves a line that reads as one of shellgate's lines, whatever the output", () => {
    const openings = shellgateLines().map((line) => line.slice(0, 14).toLowerCase());
    const piece = fc.oneof(
      fc.constantFrom(...shellgateLines()),
      fc.constantFrom(
        "\n",
        "\r",
        "\r\n",
        "\u2028",
        " ",
        "\t",
        "\u200b",
        "\\",
        "\u001b[0m",
        "\u001b",
        "[",
        "\u0000",
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const shown = escapeOutput(pieces.join(""));
        expect(shown).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
        for (const line of shown.split(/\r\n|[\n\r\u2028\u2029]/)) {
          const start = line.replace(/^[\p{Zs}\t\p{Cf}]*/u, "").toLowerCase();
          for (const opening of openings) expect(start.startsWith(opening), line).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
