import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createShellgate, type Shellgate } from "../../src/index.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows, underWine, wineCannot } from "./support/windows-host.js";

// `session: persistent` through the real Git Bash: only on windows-latest (Wine's bash.exe is a
// stand-in that runs no command; the same launched shape runs on Linux in
// test/execution/session/below-shell-session.test.ts).
const temporaryDirectory = useTemporaryDirectories("shellgate-git-bash-session-");
const opened: Shellgate[] = [];
afterEach(async () => {
  for (const shellgate of opened.splice(0)) await shellgate.close();
});

async function persistent() {
  const directory = temporaryDirectory();
  mkdirSync(path.join(directory, "inner-dir"));
  const shellgate = await createShellgate({ session: "persistent", working_dir: directory });
  opened.push(shellgate);
  const bash = shellgate.tools()[0]!;
  return (command: string, extra: Record<string, unknown> = {}) =>
    bash.execute({ command, description: "test", ...extra }, { ownerId: "agent" });
}

describe.runIf(onWindows)("persistent sessions in the real Git Bash", () => {
  beforeEach((context) => {
    context.skip(underWine, wineCannot("no-git-bash"));
  });

  it("keeps cd and export between calls", async () => {
    const call = await persistent();
    await call("cd inner-dir && export SESSION_MARK=kept");
    const result = await call('basename "$PWD"; echo "$SESSION_MARK"');
    expect(result.text.replace(/\r/g, "")).toBe("inner-dir\nkept\n");
  });

  it("a timeout ends the command and the same shell answers the next call", async () => {
    const call = await persistent();
    const before = (await call("echo $$")).text.trim();
    const timedOut = await call("sleep 120", { timeoutMs: 3000 });
    expect(timedOut.text).toContain("timed out");
    const after = await call("echo $$");
    expect(after.text.trim()).toBe(before);
  });
});
