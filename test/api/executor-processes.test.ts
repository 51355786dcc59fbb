import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { ProcessPage } from "../../src/managed/receipts/status-receipt.js";
import type { ToolDefinition } from "../../src/tools/tool-definition.js";
import { type ExecutorPlace, executorCases, HOST_ONLY_VARIABLE } from "../support/executor-instances.js";

// The managed processes (process_*) through every executor: a configured target starts them in
// the target, through its launcher (on its terminal with pty), never on this machine.
const { cases, skipped } = await executorCases();

describe.skipIf(skipped.length === 0)("remote engines not started here", () => {
  it.skip(`skipped: ${skipped.join("; ")}`, () => undefined);
});

/** How many processes in the target run `sleep N` (N unique to one test): what a stop left. */
function sleepersCommand(seconds: number): string {
  return `n=0; for f in /proc/[0-9]*/cmdline; do c=$(tr '\\0' ' ' 2>/dev/null <"$f"); case "$c" in "sleep ${seconds} "*) n=$((n+1));; esac; done; echo "sleepers: $n"`;
}

function textOf(page: ProcessPage): string {
  return page.chunks.map((chunk) => chunk.text).join("");
}

describe.each(cases.map((entry) => [entry.name, entry] as const))(
  "managed processes through the %s executor",
  (_name, entry) => {
    let place: ExecutorPlace;
    let shellgate: Shellgate;
    let tools: ToolDefinition[];
    const unique = 5000 + cases.indexOf(entry) * 10;

    beforeAll(async () => {
      place = await entry.open();
      shellgate = await createShellgate(
        {
          safety_profile: "unrestricted",
          managed_processes: true,
          managed_pty: true,
          managed_stdin: true,
          ...place.config,
        },
        { env: place.env },
      );
      tools = shellgate.tools();
    }, 120_000);
    afterAll(async () => {
      await shellgate?.close();
      await place?.close();
    });

    /** Everything the process printed until it ended (or the wait gave up). */
    async function untilEnd(processId: string): Promise<{ text: string; last: ProcessPage }> {
      const manager = shellgate.processes();
      let cursor = 0;
      let text = "";
      const deadline = Date.now() + 60_000;
      for (;;) {
        const page = await manager.wait({ process_id: processId, cursor, wait_ms: 5000 });
        text += textOf(page);
        cursor = page.next_cursor;
        if (page.state !== "running" && page.state !== "cancel_requested" && !page.has_more) {
          return { text, last: page };
        }
        if (Date.now() > deadline) throw new Error(`process ${processId} still ${page.state}: ${text}`);
      }
    }

    it("offers the process tools", () => {
      expect(tools.map((tool) => tool.name)).toContain("process_start");
    });

    it("runs in the target's directory and environment, with its exit code", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({
        command: `pwd; echo "[\${${HOST_ONLY_VARIABLE}-absent}]"; echo err >&2; exit 4`,
      });
      const { text, last } = await untilEnd(started.process_id);
      expect(text).toContain(`${place.directory}\n`);
      expect(text).toContain(entry.remote ? "[absent]\n" : "[leaked]\n");
      expect(text).toContain("err\n");
      expect(last.returncode).toBe(4);
      expect(last.output_streams).toBe("separate");
    });

    it("takes stdin until it is closed", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({
        command: "while read -r line; do echo got:$line; done; echo eof",
      });
      await manager.write({ process_id: started.process_id, stdin: "one\ntwo\n" });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const { text, last } = await untilEnd(started.process_id);
      expect(text).toBe("got:one\ngot:two\neof\n");
      expect(last.returncode).toBe(0);
    });

    it("gives a terminal with pty", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({
        command: "if [ -t 0 ] && [ -t 1 ]; then echo on-a-terminal; fi; read -r line; echo got:$line",
        pty: true,
      });
      await manager.write({ process_id: started.process_id, stdin: "typed\n" });
      const { text, last } = await untilEnd(started.process_id);
      expect(text).toContain("on-a-terminal");
      expect(text).toContain("got:typed");
      expect(last.output_streams).toBe("merged");
      expect(last.returncode).toBe(0);
    });

    it("ends a terminal's input on close_stdin: cat returns", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({ command: "cat; echo cat-ended", pty: true });
      await manager.write({ process_id: started.process_id, stdin: "typed\n" });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const { text, last } = await untilEnd(started.process_id);
      expect(text).toContain("typed");
      expect(text).toContain("cat-ended");
      expect(last.returncode).toBe(0);
    });

    it("reads a partial line on a terminal as the line, then EOF, on close_stdin", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({
        command: 'read -r line; echo "status:$? got:[$line]"',
        pty: true,
      });
      await manager.write({ process_id: started.process_id, stdin: "partial" });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const { text, last } = await untilEnd(started.process_id);
      expect(text).toContain("got:[partial]");
      expect(last.returncode).toBe(0);
    });

    it("refuses EOF on a raw-mode terminal as locally, and input stays open", async () => {
      const manager = shellgate.processes();
      const started = await manager.start({
        command: "stty raw -echo; echo raw-ready; exec sleep 30",
        pty: true,
      });
      let cursor = 0;
      let text = "";
      while (!text.includes("raw-ready")) {
        const page = await manager.wait({ process_id: started.process_id, cursor, wait_ms: 5000 });
        text += textOf(page);
        cursor = page.next_cursor;
        if (page.state !== "running") throw new Error(`ended early: ${text}`);
      }
      await expect(
        manager.write({ process_id: started.process_id, close_stdin: true }),
      ).rejects.toMatchObject({
        code: "terminal_eof_refused",
      });
      expect((await manager.status({ process_id: started.process_id })).stdin_closed).toBe(false);
      const stopped = await manager.terminate({ process_id: started.process_id });
      expect(stopped.termination_reason).toBe("cancel");
    });

    it("ends the whole tree on terminate, a setsid escape included", async () => {
      const seconds = unique + 1;
      const manager = shellgate.processes();
      const started = await manager.start({
        command: `sleep ${seconds} & setsid sleep ${seconds} >/dev/null 2>&1 & echo ready; sleep ${seconds}`,
      });
      let cursor = 0;
      let text = "";
      while (!text.includes("ready")) {
        const page = await manager.wait({ process_id: started.process_id, cursor, wait_ms: 5000 });
        text += textOf(page);
        cursor = page.next_cursor;
      }
      const bash = tools.find((tool) => tool.name === "bash") as ToolDefinition;
      const count = () => bash.execute({ command: sleepersCommand(seconds), description: "Count sleepers" });
      const deadline = Date.now() + 60_000;
      while ((await count()).text !== "sleepers: 3\n" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stopped = await manager.terminate({ process_id: started.process_id });
      expect(stopped.state).not.toBe("running");
      expect(stopped.termination_reason).toBe("cancel");
      expect((await count()).text).toBe("sleepers: 0\n");
    });

    it("ends a running process in the target at close(), and close() returns", async () => {
      const seconds = unique + 2;
      const other = await createShellgate(
        { safety_profile: "unrestricted", managed_processes: true, ...place.config },
        { env: place.env },
      );
      await other
        .processes()
        .start({ command: `setsid sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}` });
      const bash = tools.find((tool) => tool.name === "bash") as ToolDefinition;
      const count = () => bash.execute({ command: sleepersCommand(seconds), description: "Count sleepers" });
      const deadline = Date.now() + 60_000;
      while ((await count()).text !== "sleepers: 2\n" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await other.close();
      expect((await count()).text).toBe("sleepers: 0\n");
    });
  },
);
