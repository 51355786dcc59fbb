import type { TestContext } from "vitest";
import { afterEach, describe, expect, it } from "vitest";
import { onWindows, skipUnderWine } from "../support/platform.js";
import {
  closeTestManagers,
  createTestManager,
  isAlive,
  waitForFinal,
  waitForText,
} from "./manager-fixture.js";

const terminalHost = { managed_pty: true, managed_stdin: true, safety_profile: "unrestricted" } as const;
const interactiveBash = "PS1='ready> ' exec bash --norc --noprofile --noediting -i";

afterEach(closeTestManagers);

/**
 * These pin down POSIX pty behaviour: termios (raw mode, the EOF character) and the exact bytes a
 * line discipline writes. ConPTY renders a screen instead (cursor and title sequences around the
 * text) and has no termios, so on win32 they do not apply; a managed terminal on Windows, through
 * the launcher in the pseudo console, is tested in test/windows/pty.test.ts.
 */
function posixPtyOnly(context: TestContext): void {
  context.skip(
    onWindows,
    "POSIX pty semantics (termios, line-discipline bytes); ConPTY is tested in test/windows/pty.test.ts",
  );
}

describe("managed processes on a real terminal", () => {
  it("drives an interactive bash: prompt, write, answer, EOF", async (context) => {
    posixPtyOnly(context);
    const manager = createTestManager(terminalHost);
    const started = await manager.start({ command: interactiveBash, pty: true });
    expect(started).toMatchObject({
      pty: true,
      output_streams: "merged",
      eof_semantics: "canonical_terminal_eof",
    });
    await waitForText(manager, started.process_id, "ready> ");
    await manager.write({
      process_id: started.process_id,
      stdin: "test -t 0 && test -t 1 && echo TTY-$((6*7))\n",
    });
    const text = await waitForText(manager, started.process_id, "TTY-42");
    expect(text).toContain("ready> ");
    const page = await manager.read({ process_id: started.process_id });
    expect(new Set(page.chunks.map((chunk) => chunk.stream))).toEqual(new Set(["terminal"]));
    const closed = await manager.write({ process_id: started.process_id, close_stdin: true });
    expect(closed.stdin_closed).toBe(true);
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({ state: "completed", returncode: 0, output_complete: true });
    await expect(
      manager.write({ process_id: started.process_id, stdin: "echo late\n" }),
    ).rejects.toMatchObject({
      code: "process_exited",
    });
  });

  it("merges stdout and stderr into the terminal stream", async (context) => {
    posixPtyOnly(context);
    const manager = createTestManager({ managed_pty: true });
    const started = await manager.start({ command: "echo out; echo err >&2", pty: true });
    await waitForFinal(manager, started.process_id);
    const page = await manager.read({ process_id: started.process_id });
    expect(page.chunks.every((chunk) => chunk.stream === "terminal")).toBe(true);
    expect(page.chunks.map((chunk) => chunk.text).join("")).toBe("out\r\nerr\r\n");
  });

  it("needs the host opt-in managed_pty", async () => {
    const manager = createTestManager();
    await expect(manager.start({ command: "echo hi", pty: true })).rejects.toThrow(/managed_pty=true/);
  });

  it("says terminal support is not installed when node-pty cannot load", async () => {
    const manager = createTestManager(
      { managed_pty: true },
      { importPty: () => Promise.reject(new Error("Cannot find package")) },
    );
    await expect(manager.start({ command: "echo hi", pty: true })).rejects.toThrow(
      /Terminal support is not installed/,
    );
    const piped = await manager.start({ command: "echo hi" });
    expect((await waitForFinal(manager, piped.process_id)).state).toBe("completed");
  });

  it("refuses EOF on a raw-mode terminal explicitly, and terminate still works", async (context) => {
    posixPtyOnly(context);
    const manager = createTestManager({ managed_pty: true });
    const started = await manager.start({
      command: "stty raw -echo; echo raw-ready; exec sleep 30",
      pty: true,
    });
    await waitForText(manager, started.process_id, "raw-ready");
    await expect(manager.write({ process_id: started.process_id, stdin: "q" })).rejects.toMatchObject({
      code: "stdin_refused",
    });
    await expect(manager.write({ process_id: started.process_id, close_stdin: true })).rejects.toThrow(
      /canonical input mode/,
    );
    expect((await manager.status({ process_id: started.process_id })).stdin_closed).toBe(false);
    const terminated = await manager.terminate({ process_id: started.process_id });
    expect(terminated).toMatchObject({ state: "cancelled", termination_reason: "cancel" });
    expect(isAlive(started.pid!)).toBe(false);
  });

  it("allows EOF without raw stdin on a restricted host", async (context) => {
    posixPtyOnly(context);
    const manager = createTestManager({ managed_pty: true });
    const started = await manager.start({ command: "cat; echo after-eof", pty: true });
    await manager.write({ process_id: started.process_id, close_stdin: true });
    await waitForText(manager, started.process_id, "after-eof");
    expect((await waitForFinal(manager, started.process_id)).state).toBe("completed");
  });
});

describe("terminal availability in list", () => {
  it("reports pty only when the host allows it and node-pty loads", async (context) => {
    skipUnderWine(context, "no-conpty");
    expect((await createTestManager({ managed_pty: true }).list()).pty).toBe(true);
    expect((await createTestManager().list()).pty).toBe(false);
    const missing = createTestManager(
      { managed_pty: true },
      { importPty: () => Promise.reject(new Error("gone")) },
    );
    expect((await missing.list()).pty).toBe(false);
  });
});
