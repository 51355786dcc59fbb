import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import { ManagedProcessError } from "../../src/managed/managed-process-error.js";
import type { ProcessPage } from "../../src/managed/receipts/status-receipt.js";
import type { ToolDefinition } from "../../src/tools/tool-definition.js";
import { type FakeKubernetes, startFakeKubernetes } from "../support/fake-kubernetes.js";

// An API server that speaks only v4.channel.k8s.io has no close frame: stdin cannot end without
// closing the exec (and losing its output and exit status). process_write with close_stdin on a
// pipe process is refused with the sentence the README's Kubernetes section promises, and input
// stays open; a terminal's EOF is typed (^D), which v4 carries like any input.
const V4_REFUSAL =
  "The API server speaks v4.channel.k8s.io, which has no way to end stdin alone (v5.channel.k8s.io's close frame): ending it would close the exec and lose its output and exit status. Stdin stays open: start the process with pty: true to end its input with ^D, or stop it with terminate.";

function textOf(page: ProcessPage): string {
  return page.chunks.map((chunk) => chunk.text).join("");
}

// The fake API server runs each exec as a process on this machine, with POSIX shells.
describe.runIf(process.platform === "linux")("managed stdin over v4.channel.k8s.io", () => {
  let fake: FakeKubernetes;
  let shellgate: Shellgate;

  beforeAll(async () => {
    fake = await startFakeKubernetes({
      protocols: ["v4.channel.k8s.io"],
      pods: { "default/app": { containers: ["main"] } },
    });
    shellgate = await createShellgate(
      {
        safety_profile: "unrestricted",
        managed_processes: true,
        managed_pty: true,
        managed_stdin: true,
        executor: { kind: "kubernetes", pod: "app" },
      },
      { env: { ...process.env, KUBECONFIG: fake.kubeconfig } },
    );
  }, 60_000);
  afterAll(async () => {
    await shellgate?.close();
    await fake?.close();
  });

  /** Output after `cursor` until `done` says it is all there (or the process ended). */
  async function readUntil(processId: string, done: (text: string) => boolean): Promise<ProcessPage> {
    let cursor = 0;
    let text = "";
    for (;;) {
      const page = await shellgate.processes().wait({ process_id: processId, cursor, wait_ms: 5000 });
      text += textOf(page);
      cursor = page.next_cursor;
      if (done(text) || (page.state !== "running" && !page.has_more)) return { ...page, chunks: [] };
    }
  }

  it("refuses close_stdin on a pipe process with one sentence naming the difference, and keeps input open", async () => {
    const manager = shellgate.processes();
    const started = await manager.start({ command: "while read -r line; do echo got:$line; done" });
    expect(fake.negotiated.at(-1)).toBe("v4.channel.k8s.io");
    await manager.write({ process_id: started.process_id, stdin: "one\n" });
    const refused = await manager
      .write({ process_id: started.process_id, close_stdin: true })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ManagedProcessError);
    expect(refused).toMatchObject({ code: "stdin_close_unsupported", message: V4_REFUSAL });
    // Nothing was closed: the process still reads, and says so in its status.
    expect(await manager.status({ process_id: started.process_id })).toMatchObject({
      state: "running",
      stdin_closed: false,
    });
    await manager.write({ process_id: started.process_id, stdin: "two\n" });
    let seen = "";
    await readUntil(started.process_id, (text) => {
      seen = text;
      return text.includes("got:two\n");
    });
    expect(seen).toBe("got:one\ngot:two\n");
    const stopped = await manager.terminate({ process_id: started.process_id });
    expect(stopped.termination_reason).toBe("cancel");
  });

  it("gives the same sentence through the process_write tool, with the stdin text written first", async () => {
    const tools = shellgate.tools();
    const tool = (name: string) => tools.find((entry) => entry.name === name) as ToolDefinition;
    const manager = shellgate.processes();
    const started = await manager.start({ command: "cat" });
    const result = await tool("process_write").execute({
      process_id: started.process_id,
      stdin: "abc\n",
      close_stdin: true,
    });
    expect(result).toMatchObject({
      isError: true,
      text: `${V4_REFUSAL} The 4 bytes of stdin before it were written.`,
    });
    await readUntil(started.process_id, (text) => text.includes("abc\n"));
    await manager.terminate({ process_id: started.process_id });
  });

  it("ends a terminal's input with ^D, which v4 carries", async () => {
    const manager = shellgate.processes();
    const started = await manager.start({ command: "cat; echo cat-ended", pty: true });
    await manager.write({ process_id: started.process_id, stdin: "typed\n" });
    await manager.write({ process_id: started.process_id, close_stdin: true });
    let seen = "";
    const last = await readUntil(started.process_id, (text) => {
      seen = text;
      return false;
    });
    expect(seen).toContain("cat-ended");
    expect(last.returncode).toBe(0);
  });
});
