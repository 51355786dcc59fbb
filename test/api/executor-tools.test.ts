import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { ToolDefinition, ToolResult } from "../../src/tools/tool-definition.js";
import { type ExecutorPlace, executorCases, HOST_ONLY_VARIABLE } from "../support/executor-instances.js";

// The tool contract, run unchanged against every executor: the same calls give the same text on
// this machine, in a container, on an SSH host and in a (fake) pod.
const { cases, skipped } = await executorCases();

describe.skipIf(skipped.length === 0)("remote engines not started here", () => {
  it.skip(`skipped: ${skipped.join("; ")}`, () => undefined);
});

/** How many processes in the target run `sleep N` (N unique to one test): what a kill left. */
function sleepersCommand(seconds: number): string {
  return `n=0; for f in /proc/[0-9]*/cmdline; do c=$(tr '\\0' ' ' 2>/dev/null <"$f"); case "$c" in "sleep ${seconds} "*) n=$((n+1));; esac; done; echo "sleepers: $n"`;
}

describe.each(cases.map((entry) => [entry.name, entry] as const))(
  "the tools through the %s executor",
  (_name, entry) => {
    let place: ExecutorPlace;
    let shellgate: Shellgate;
    let tools: ToolDefinition[];
    // Distinct per executor, so parallel files and other targets never count each other's sleeps.
    const unique = 4000 + cases.indexOf(entry) * 10;

    beforeAll(async () => {
      place = await entry.open();
      shellgate = await createShellgate(
        { safety_profile: "unrestricted", max_output_bytes: 2000, ...place.config },
        { env: place.env },
      );
      tools = shellgate.tools();
    }, 120_000);
    afterAll(async () => {
      await shellgate?.close();
      await place?.close();
    });

    function tool(name: string): ToolDefinition {
      const found = tools.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no tool ${name}`);
      return found;
    }

    const bash = (command: string, extra: Record<string, unknown> = {}): Promise<ToolResult> =>
      tool("bash").execute({ command, description: "Run a contract command", ...extra });

    it("gives stdout, a [stderr] section and the exit code", async () => {
      expect((await bash("echo out; echo err >&2; exit 3")).text).toBe("out\n[stderr]\nerr\n[exit code: 3]");
    });

    it("reads a signal death as a signal, and exit 143 as an exit code", async () => {
      expect((await bash("kill -TERM $$")).text).toBe("(no output)\n[killed by signal: SIGTERM]");
      expect((await bash("exit 143")).text).toBe("(no output)\n[exit code: 143]");
    });

    it("gives stdin as EOF at once", async () => {
      expect((await bash("cat; echo done")).text).toBe("done\n");
    });

    it("starts in the instance's directory, or the call's workdir", async () => {
      expect((await bash("pwd")).text).toBe(`${place.directory}\n`);
      expect((await bash("pwd", { workdir: "/" })).text).toBe("/\n");
    });

    it("refuses a workdir that does not exist, with nothing run", async () => {
      const result = await bash("echo ran", { workdir: "/no/such/directory" });
      expect(result.isError).toBe(true);
      expect(result.text).toContain("/no/such/directory");
      expect(result.text).not.toContain("ran");
    });

    it("never copies this machine's environment into a remote target", async () => {
      const result = await bash(`echo "[\${${HOST_ONLY_VARIABLE}-absent}]"`);
      expect(result.text).toBe(entry.remote ? "[absent]\n" : "[leaked]\n");
    });

    it("cuts long output with the spill notice, saying where the file is", async () => {
      const result = await bash("i=0; while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done");
      expect(result.text).toContain("line0\n");
      expect(result.text).toContain("line1999\n");
      expect(result.text).toContain("[output truncated; full output: ");
      expect(result.text.includes("(on the machine shellgate runs on, not in the target)")).toBe(
        entry.remote,
      );
    });

    it("ends the whole tree on a timeout, a setsid escape included, and leaves nothing", async () => {
      const seconds = unique + 1;
      const result = await bash(
        `sleep ${seconds} & (sleep ${seconds} &); setsid sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`,
        { timeoutMs: 2000 },
      );
      expect(result.text).toContain("[timed out after 2000ms]");
      expect((await bash(sleepersCommand(seconds))).text).toBe("sleepers: 0\n");
    });

    it("ends what a finished command left behind, and says so", async () => {
      const seconds = unique + 2;
      const result = await bash(`sleep ${seconds} & echo started`);
      expect(result.text).toMatch(/^started\n\[background processes killed when the shell exited: \d+/);
      expect((await bash(sleepersCommand(seconds))).text).toBe("sleepers: 0\n");
    });

    it("runs a background task, reads its output and sees it complete", async () => {
      const started = await bash("echo bg-start; sleep 1; echo bg-end", { run_in_background: true });
      const taskId = String(started.structured?.task_id);
      expect(started.text).toMatch(new RegExp(`^started background task ${taskId}\\b`));
      let output = "";
      const deadline = Date.now() + 60_000;
      for (;;) {
        const read = await tool("bash_output").execute({ task_id: taskId });
        // The output is in the text, before the status line.
        output += read.text.replace(/(\(no new output\)\n)?\[status: [^\]]*\]$/, "");
        if (read.structured?.status !== "running") {
          expect(read.text).toContain("[status: completed, exit code: 0]");
          break;
        }
        if (Date.now() > deadline) throw new Error(`task ${taskId} still running: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(output).toBe("bg-start\nbg-end\n");
    });

    it("kills a background task's whole tree with bash_kill", async () => {
      const seconds = unique + 3;
      const started = await bash(
        `sleep ${seconds} & setsid sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`,
        {
          run_in_background: true,
        },
      );
      const taskId = String(started.structured?.task_id);
      // The whole tree first: a kill while the task's bash is still forking is another case, and
      // on a loaded machine the setsid child was seen to start after the kill had looked for it.
      const deadline = Date.now() + 60_000;
      while ((await bash(sleepersCommand(seconds))).text !== "sleepers: 3\n" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const killed = await tool("bash_kill").execute({ task_id: taskId });
      expect(killed.text).toBe(`killed background task ${taskId}`);
      expect((await bash(sleepersCommand(seconds))).text).toBe("sleepers: 0\n");
    });

    it("kills a background task's whole tree with bash_kill while it is still starting", async () => {
      const seconds = unique + 4;
      // Killed at once, the task's bash may be forking: a setsid child can leave the group after
      // the kill's first look. Several rounds, because one start hits that window only sometimes.
      for (let round = 0; round < 6; round += 1) {
        const started = await bash(
          `sleep ${seconds} & setsid sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`,
          { run_in_background: true },
        );
        const taskId = String(started.structured?.task_id);
        const killed = await tool("bash_kill").execute({ task_id: taskId });
        expect(killed.text).toBe(`killed background task ${taskId}`);
        expect((await bash(sleepersCommand(seconds))).text).toBe("sleepers: 0\n");
      }
    });
  },
);
