import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ManagedProcessError } from "../../src/managed/managed-process-error.js";
import { hasSetsid } from "../support/platform.js";
import {
  allText,
  closeTestManagers,
  createTestManager,
  isAlive,
  waitForFinal,
  waitForText,
  waitUntilGone,
} from "./manager-fixture.js";

const trappingTree = fileURLToPath(new URL("../fixtures/managed/term-trapping-tree.sh", import.meta.url));
const stdinOpen = { managed_stdin: true, safety_profile: "unrestricted" } as const;

afterEach(closeTestManagers);

describe("managed processes over pipes", () => {
  it("drives cat with write and close_stdin", async () => {
    const manager = createTestManager(stdinOpen);
    const started = await manager.start({ command: "cat" });
    expect(started).toMatchObject({
      state: "running",
      pty: false,
      output_streams: "separate",
      eof_semantics: "pipe_half_close",
      stdin_allowed: true,
      returncode: null,
    });
    expect(started.process_id).toMatch(/^[0-9a-f]{32}$/);
    expect(started.process_id).not.toContain(String(started.pid));
    const written = await manager.write({ process_id: started.process_id, stdin: "hello\n" });
    expect(written.bytes_written).toBe(6);
    const page = await manager.wait({ process_id: started.process_id, cursor: 0, wait_ms: 10_000 });
    expect(page.chunks).toEqual([
      expect.objectContaining({ stream: "stdout", text: "hello\n", bytes: 6, cursor: 0, next_cursor: 1 }),
    ]);
    await manager.write({ process_id: started.process_id, close_stdin: true });
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({
      state: "completed",
      returncode: 0,
      output_complete: true,
      stdin_closed: true,
    });
    // Reads never consume: the same page comes back.
    expect((await manager.read({ process_id: started.process_id })).chunks[0]?.text).toBe("hello\n");
    await expect(manager.write({ process_id: started.process_id, stdin: "late" })).rejects.toMatchObject({
      code: "process_exited",
    });
  });

  it("reports a nonzero exit as a failed command with its return code, streams kept apart", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "echo out; echo err >&2; exit 7" });
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({
      state: "failed",
      returncode: 7,
      output_complete: true,
      termination_reason: null,
    });
    const page = await manager.read({ process_id: started.process_id });
    expect(page.chunks.map((chunk) => [chunk.stream, chunk.text]).sort()).toEqual([
      ["stderr", "err\n"],
      ["stdout", "out\n"],
    ]);
  });

  it("keeps exact drop accounting for a 10 MB flood against 8 KiB retention, and expires cursors", async () => {
    const manager = createTestManager({ managed_max_output_bytes: 8192 });
    const started = await manager.start({ command: "head -c 10000000 /dev/zero | tr '\\0' a" });
    const final = await waitForFinal(manager, started.process_id);
    expect(final.state).toBe("completed");
    expect(final.total_output_bytes).toBe(10_000_000);
    const page = await manager.read({ process_id: started.process_id, cursor: 0, max_bytes: 100_000 });
    const retained = page.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    expect(retained).toBeLessThanOrEqual(8192);
    expect(final.dropped_output_bytes + retained).toBe(10_000_000);
    expect(page.cursor_expired).toBe(true);
    expect(page.earliest_cursor).toBeGreaterThan(0);
    expect(page.chunks[0]?.cursor).toBe(page.earliest_cursor);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBe(final.latest_cursor);
    // A page is budgeted in source bytes and repeatable from a retained cursor.
    const small = await manager.read({
      process_id: started.process_id,
      cursor: page.earliest_cursor,
      max_bytes: 4096,
    });
    expect(small.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBeLessThanOrEqual(4096);
    expect(small.cursor_expired).toBe(false);
    await expect(
      manager.read({ process_id: started.process_id, cursor: final.latest_cursor + 1 }),
    ).rejects.toThrow(/beyond the latest output cursor/);
  });

  it("reassembles UTF-8 split across writes and withholds binary output", async () => {
    const manager = createTestManager();
    const started = await manager.start({
      command: "printf '\\342'; sleep 0.2; printf '\\202\\254'; head -c 8192 /dev/urandom >&2",
    });
    await waitForFinal(manager, started.process_id);
    const page = await manager.read({ process_id: started.process_id, max_bytes: 100_000 });
    const stdout = page.chunks.filter((chunk) => chunk.stream === "stdout");
    expect(stdout.map((chunk) => chunk.text).join("")).toBe("€");
    expect(stdout.some((chunk) => chunk.encoding_loss)).toBe(false);
    const stderr = page.chunks.filter((chunk) => chunk.stream === "stderr");
    expect(stderr.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(8192);
    // The guard judges each read; only a read shorter than its 64-byte floor may be shown lossily.
    expect(stderr.filter((chunk) => chunk.bytes >= 64).every((chunk) => chunk.binary_output_withheld)).toBe(
      true,
    );
    expect(stderr.some((chunk) => chunk.binary_output_withheld)).toBe(true);
    expect(stderr[0]?.text).toMatch(/binary output withheld/);
  });

  it("flags invalid UTF-8 as encoding loss", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "printf 'hello\\377world'" });
    await waitForFinal(manager, started.process_id);
    const page = await manager.read({ process_id: started.process_id });
    expect(page.chunks[0]).toMatchObject({ text: "hello\uFFFDworld", encoding_loss: true });
  });

  it("returns from wait early on new output, and on exit, without cancelling on expiry", async () => {
    const manager = createTestManager();
    const talker = await manager.start({ command: "sleep 0.3; echo hi; exec sleep 30" });
    const before = Date.now();
    const page = await manager.wait({ process_id: talker.process_id, cursor: 0, wait_ms: 20_000 });
    expect(page.chunks.map((chunk) => chunk.text)).toEqual(["hi\n"]);
    expect(page.state).toBe("running");
    expect(Date.now() - before).toBeLessThan(10_000);
    const expired = await manager.wait({
      process_id: talker.process_id,
      cursor: page.next_cursor,
      wait_ms: 50,
    });
    expect(expired).toMatchObject({ state: "running", chunks: [] });

    const quitter = await manager.start({ command: "sleep 0.3; exit 4" });
    const exitStarted = Date.now();
    const ended = await manager.wait({ process_id: quitter.process_id, cursor: 0, wait_ms: 20_000 });
    expect(ended).toMatchObject({ state: "failed", returncode: 4 });
    expect(Date.now() - exitStarted).toBeLessThan(10_000);
  });

  it("ends a process at its lifetime timeout", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "exec sleep 30", timeout: 1 });
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({
      state: "failed",
      termination_reason: "timeout",
      cancellation_requested: false,
    });
    expect(final.returncode).toBeLessThan(0);
    expect(isAlive(started.pid!)).toBe(false);
  });

  // The fixture needs setsid(1): Linux only.
  it.skipIf(!hasSetsid)(
    "terminates a TERM-trapping tree with a setsid grandchild, leaving nothing by pid",
    async () => {
      const manager = createTestManager({ kill_grace_ms: 200 });
      const started = await manager.start({ command: `bash ${trappingTree}` });
      const text = await waitForText(manager, started.process_id, "escaped");
      await waitForText(manager, started.process_id, "child");
      await waitForText(manager, started.process_id, "leader");
      const output = `${text}${await allText(manager, started.process_id)}`;
      const allPids = [
        ...new Set([...output.matchAll(/(?:leader|child|escaped) (\d+)/g)].map((match) => Number(match[1]))),
      ];
      expect(allPids.length).toBe(3);
      expect(allPids.every(isAlive)).toBe(true);
      const terminated = await manager.terminate({ process_id: started.process_id });
      expect(terminated).toMatchObject({
        state: "cancelled",
        cancellation_requested: true,
        termination_reason: "cancel",
        output_complete: true,
      });
      expect(terminated.returncode).toBeLessThan(0);
      expect(await waitUntilGone([started.pid!, ...allPids], 3000)).toEqual([]);
      // Repeating terminate is harmless and keeps the result.
      expect(await manager.terminate({ process_id: started.process_id })).toMatchObject({
        state: "cancelled",
      });
    },
  );

  it("keeps an exit result when terminate comes after the exit", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "exit 0" });
    await waitForFinal(manager, started.process_id);
    expect(await manager.terminate({ process_id: started.process_id })).toMatchObject({
      state: "completed",
      returncode: 0,
      cancellation_requested: false,
      termination_reason: null,
    });
  });

  it("closes the remaining process group after a normal exit", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "sleep 30 > /dev/null 2>&1 & echo $!" });
    const text = await waitForText(manager, started.process_id, "\n");
    const background = Number(text.trim());
    await waitForFinal(manager, started.process_id);
    expect(await waitUntilGone([background], 3000)).toEqual([]);
  });

  it("times out a write the process never reads: outcome unknown, input closed", async () => {
    const manager = createTestManager(stdinOpen, { stdinWriteTimeoutMs: 300 });
    const started = await manager.start({ command: "exec sleep 30" });
    const block = "x".repeat(65_536);
    const outcomes: unknown[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await manager.write({ process_id: started.process_id, stdin: block });
        outcomes.push("written");
      } catch (error) {
        outcomes.push((error as ManagedProcessError).code);
        if ((error as ManagedProcessError).code === "stdin_outcome_unknown") {
          expect((error as Error).message).toMatch(/outcome unknown.*Do not automatically retry/s);
          break;
        }
      }
    }
    expect(outcomes).toContain("stdin_outcome_unknown");
    await expect(manager.write({ process_id: started.process_id, stdin: "more" })).rejects.toMatchObject({
      code: "stdin_closed",
    });
    expect((await manager.status({ process_id: started.process_id })).stdin_closed).toBe(true);
  });

  it("refuses raw stdin for every restricted configuration, but allows close_stdin", async () => {
    const refusing = [
      {},
      { managed_stdin: true },
      { safety_profile: "unrestricted" as const },
      { ...stdinOpen, denied_commands: ["rm *"] },
      { ...stdinOpen, allowed_commands: ["git *"] },
      { ...stdinOpen, safety_overrides: { allow: [], block: ["curl *"] } },
    ];
    for (const config of refusing) {
      const manager = createTestManager(config);
      const started = await manager.start({ command: "cat" });
      expect(started.stdin_allowed).toBe(false);
      expect((await manager.list()).stdin_allowed).toBe(false);
      const refused = manager.write({ process_id: started.process_id, stdin: "rm -rf /\n" });
      await expect(refused).rejects.toBeInstanceOf(ManagedProcessError);
      await expect(refused).rejects.toMatchObject({ code: "stdin_refused" });
      await expect(refused).rejects.toThrow(/managed_stdin=true, safety_profile=unrestricted/);
      await manager.write({ process_id: started.process_id, close_stdin: true });
      expect(await waitForFinal(manager, started.process_id)).toMatchObject({
        state: "completed",
        returncode: 0,
      });
    }
  });

  it("rejects follow-ups carrying a command, and ids from another instance", async () => {
    const manager = createTestManager();
    const other = createTestManager();
    const started = await manager.start({ command: "exec sleep 30" });
    await expect(
      manager.status({ process_id: started.process_id, command: "echo safe" } as never),
    ).rejects.toThrow(/not valid for process follow-ups/);
    await expect(other.terminate({ process_id: started.process_id })).rejects.toMatchObject({
      code: "unknown_process",
    });
    await expect(other.read({ process_id: started.process_id })).rejects.toThrow(
      /no process was resumed or restarted/,
    );
    expect((await other.list()).processes).toEqual([]);
    expect(() => manager.validateProcessOwner(started.process_id, manager.ownerId)).not.toThrow();
    expect(() => manager.validateProcessOwner(started.process_id, other.ownerId)).toThrow(
      /different or retired/,
    );
    expect(() => other.validateProcessOwner(started.process_id, manager.ownerId)).toThrow(
      /different or retired/,
    );
    expect(isAlive(started.pid!)).toBe(true);
  });

  it("close terminates every owned tree, waits for final states and refuses new starts", async () => {
    const manager = createTestManager();
    const first = await manager.start({ command: "exec sleep 30" });
    const second = await manager.start({ command: "trap '' TERM; sleep 30; :" });
    await manager.close();
    const list = await manager.list();
    expect(list.processes.map((process) => [process.state, process.termination_reason])).toEqual([
      ["cancelled", "session_closed"],
      ["cancelled", "session_closed"],
    ]);
    expect(await waitUntilGone([first.pid!, second.pid!], 2000)).toEqual([]);
    await expect(manager.start({ command: "echo late" })).rejects.toMatchObject({ code: "session_closed" });
    expect(() => manager.validateProcessOwner(first.process_id, manager.ownerId)).toThrow(/retired/);
  });

  it("close during a pending start waits for it and stops what it spawned", async () => {
    let closing: Promise<void> | undefined;
    const manager = createTestManager(
      {},
      {
        observe: (event) => {
          // Runs after the spawn, while start is still waiting for its first observation.
          if (event.phase === "started") closing = manager.close();
        },
      },
    );
    const start = manager.start({ command: "exec sleep 30" });
    await expect(start).rejects.toMatchObject({ code: "session_closed" });
    await closing;
    const [record] = (await manager.list()).processes;
    expect(record).toMatchObject({ state: "cancelled", termination_reason: "session_closed" });
    expect(await waitUntilGone([record!.pid!], 2000)).toEqual([]);
  });

  it("a start racing with shutdown before spawning starts nothing, and close waits for it", async () => {
    let admit!: () => void;
    const admitted = new Promise<void>((resolve) => {
      admit = resolve;
    });
    const manager = createTestManager(
      {},
      {
        admitQuestions: async (ids) => {
          await admitted;
          return { admitted: true, questionIds: [...ids] };
        },
      },
    );
    const start = manager.start({ command: "exec sleep 30", question_ids: ["q1"] });
    await new Promise((resolve) => setImmediate(resolve));
    let closed = false;
    const closing = manager.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    admit();
    await expect(start).rejects.toMatchObject({ code: "session_closed" });
    await closing;
    expect((await manager.list()).processes).toEqual([]);
  });

  it("a start cancelled as it spawns stops the child", async () => {
    const controller = new AbortController();
    const manager = createTestManager(
      {},
      {
        observe: (event) => {
          if (event.phase === "started") controller.abort();
        },
      },
    );
    await expect(
      manager.start({ command: "exec sleep 30" }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: "cancelled",
    });
    const [record] = (await manager.list()).processes;
    expect(record).toMatchObject({ state: "cancelled", termination_reason: "cancel" });
    expect(isAlive(record!.pid!)).toBe(false);
  });

  it("reports a missing working directory and releases its slot", async () => {
    const manager = createTestManager({ max_concurrent: 1 });
    await expect(manager.start({ command: "echo hi" }, { cwd: "/nonexistent/shellgate" })).rejects.toThrow(
      /working directory \/nonexistent\/shellgate does not exist/,
    );
    const started = await manager.start({ command: "echo hi" });
    expect((await waitForFinal(manager, started.process_id)).state).toBe("completed");
  });
});

describe("a tree that survives teardown", () => {
  it("reports outcome_unknown instead of waiting forever or claiming cancellation", async () => {
    const manager = createTestManager({}, { terminateTree: async () => undefined, exitAfterTeardownMs: 100 });
    const started = await manager.start({ command: "exec sleep 30" });
    try {
      const terminated = await manager.terminate({ process_id: started.process_id });
      expect(terminated).toMatchObject({
        state: "outcome_unknown",
        returncode: null,
        cancellation_requested: true,
        termination_reason: "cancel",
        output_complete: false,
      });
      expect(terminated.output_error).toMatch(/did not exit/);
    } finally {
      process.kill(started.pid!, "SIGKILL");
    }
  });
});
