import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/index.js";

// The tool surface in `session: persistent` (POSIX; vitest.config.ts leaves it out on win32).
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function persistent() {
  const directory = realpathSync(mkdtempSync(path.join(tmpdir(), "shellgate-persistent-")));
  mkdirSync(path.join(directory, "sub"));
  const shellgate = await createShellgate({
    session: "persistent",
    safety_profile: "standard",
    working_dir: directory,
  });
  closers.push(async () => {
    await shellgate.close();
    rmSync(directory, { recursive: true, force: true });
  });
  const [bash] = shellgate.tools();
  const call = (command: string, ownerId = "agent", extra: Record<string, unknown> = {}) =>
    bash!.execute({ command, description: "test", ...extra }, { ownerId });
  return { shellgate, bash: bash!, call, directory };
}

describe("session: persistent through the bash tool", () => {
  it("the description says so in one sentence and names the directory", async () => {
    const { bash, directory } = await persistent();
    expect(bash.description).toContain(
      `Calls share one persistent shell with stdin closed: cd, exported variables, functions, aliases and set options carry over to your next call`,
    );
    expect(bash.description).toContain(`it starts in ${directory}`);
  });

  it("cd and export persist per owner, and workdir is relative to the session's directory", async () => {
    const { call, directory } = await persistent();
    await call("cd sub && export MARK=1");
    expect((await call('pwd; echo "$MARK"')).text).toBe(`${directory}/sub\n1\n`);
    expect((await call('pwd; echo "[${MARK-}]"', "other")).text).toBe(`${directory}\n[]\n`);
    expect((await call("pwd", "agent", { workdir: ".." })).text).toBe(`${directory}\n`);
  });

  it("the gate judges with the session's directory: after cd /, rm -rf * is the root's", async () => {
    const { call } = await persistent();
    await call("cd /");
    const refused = await call("rm -rf *");
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("delete.root");
  });

  it("the gate sees the session's exported environment", async () => {
    const { call, shellgate } = await persistent();
    await call("export HOME=/");
    const state = shellgate.executor.sessions?.state("agent");
    expect(state?.env.HOME).toBe("/");
    const refused = await call("rm -rf ~/*");
    expect(refused.isError).toBe(true);
  });

  it("background tasks start fresh in the session's directory", async () => {
    const { call, shellgate, directory } = await persistent();
    await call("cd sub && export ONLY_IN_SESSION=1");
    const started = await call('pwd; echo "[${ONLY_IN_SESSION-}]"', "agent", { run_in_background: true });
    const taskId = String(started.structured?.task_id);
    const read = shellgate.tools()[1]!;
    let text = "";
    // No event reaches the tool surface when a task ends; a generous deadline instead.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const result = await read.execute({ task_id: taskId }, { ownerId: "agent" });
      text += result.text;
      if (result.structured?.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(text).toContain(`${directory}/sub\n[]`);
  });
});
