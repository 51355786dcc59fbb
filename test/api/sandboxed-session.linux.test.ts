import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { ShellgateConfigInput } from "../../src/config/schema.js";
import { treeMembers } from "../../src/execution/terminate/process-table.js";
import { readProcessTable } from "../../src/execution/terminate/read-process-table.js";
import { sandboxTestsRun } from "../execution/sandbox/sandbox-guard.js";
import { waitUntilGone } from "../support/process-probe.js";

// `session: persistent` with the OS sandbox on (Linux, bubblewrap for real): the resident bash is
// started inside the sandbox, so every command of the session runs enclosed, and a timeout still
// ends only the command's tree (found below the bash's host pid, not below the sandbox's wrapper).
const runs = await sandboxTestsRun();

let root = "";
let work = "";
const instances: Shellgate[] = [];

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "shellgate-sandboxed-session-")));
  work = path.join(root, "work");
  mkdirSync(path.join(work, "sub"), { recursive: true });
});
afterEach(async () => {
  await Promise.all(instances.splice(0).map((created) => created.close()));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function session(extra: ShellgateConfigInput = {}) {
  const shellgate = await createShellgate(
    {
      working_dir: work,
      safety_profile: "unrestricted",
      session: "persistent",
      sandbox: { mode: "required", allow_write: [work] },
      ...extra,
    },
    { env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } },
  );
  instances.push(shellgate);
  const [bash] = shellgate.tools();
  const call = (command: string, extra: Record<string, unknown> = {}) =>
    bash!.execute({ command, description: "test", ...extra }, { ownerId: "agent" });
  return { shellgate, call };
}

function argvOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
}

/** Host pids of `sleep SECONDS` (inside the sandbox's PID namespace `$$` is not a host pid). */
function hostSleepers(seconds: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => argvOf(pid).join("\0") === `sleep\0${seconds}\0`);
}

/** This worker's descendants that are the sandbox's wrapper or a resident bash. */
async function sessionProcesses(): Promise<number[]> {
  const table = await readProcessTable("linux");
  return treeMembers(table, process.pid, -1)
    .map((entry) => entry.pid)
    .filter((pid) => {
      const argv = argvOf(pid);
      return (
        (argv[0] ?? "").endsWith("bwrap") ||
        argv.slice(1, 5).join(" ") === "--norc --noprofile --noediting -i"
      );
    });
}

describe.runIf(runs)("session: persistent inside the OS sandbox (Linux, bubblewrap)", () => {
  it("the description names the sandbox; cd and export persist in the sandboxed shell", async () => {
    const { shellgate, call } = await session();
    const bash = shellgate.tools()[0]!;
    expect(bash.description).toContain("OS sandbox (bubblewrap) encloses every command");
    expect(bash.description).toContain("Calls share one persistent shell");
    await call("cd sub && export MARK=kept");
    expect((await call('pwd; echo "$MARK"')).text).toBe(`${work}/sub\nkept\n`);
  });

  it("a write outside the allowed paths is refused by the sandbox, and the session lives on", async () => {
    const { call } = await session();
    await call("export MARK=still");
    const outside = path.join(root, "escaped.txt");
    const result = await call(`echo x > ${outside}`);
    expect(existsSync(outside)).toBe(false);
    expect(result.text).toContain(`[sandbox denied: write to ${outside} (outside sandbox.allow_write)`);
    expect((await call('echo "$MARK"')).text).toBe("still\n");
  });

  it("a timeout ends the command's tree inside the sandbox; the next call runs in the same shell", async () => {
    const { call } = await session();
    const shell = (await call("cd sub && echo $$")).text;
    const result = await call("sleep 171 & sleep 172", { timeoutMs: 1500 });
    expect(result.text).toContain("[timed out after 1500ms]");
    expect(result.text).not.toContain("[session:");
    for (const pid of [...hostSleepers("171"), ...hostSleepers("172")]) {
      expect(await waitUntilGone(pid)).toBe(true);
    }
    expect((await call("echo $$; pwd")).text).toBe(`${shell}${work}/sub\n`);
  });

  it("a background job left running is found below the shell, by host pid, and ended", async () => {
    const { call } = await session();
    const result = await call("sleep 173 &");
    expect(result.text).toContain("background processes killed");
    expect(hostSleepers("173")).toEqual([]);
    expect((await call("echo alive")).text).toBe("alive\n");
  });

  it("close() leaves no process: neither the sandbox's wrapper nor the shell", async () => {
    const { shellgate, call } = await session({ kill_background_children: false });
    const left = await call("sleep 174 &");
    // Reported by host pid, not by the namespace's own numbering.
    expect(left.text).toContain(`[background processes still running: ${hostSleepers("174").join(", ")}]`);
    const started = await sessionProcesses();
    expect(started.length).toBeGreaterThan(0);
    await shellgate.close();
    instances.splice(0);
    for (const pid of [...started, ...hostSleepers("174")]) expect(await waitUntilGone(pid)).toBe(true);
  });
});
