import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { directResidentStart, ResidentShell } from "../../../src/execution/session/resident-shell.js";
import { runInSession } from "../../../src/execution/session/run-in-session.js";
import { SessionPool } from "../../../src/execution/session/session-pool.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { testResolution } from "../../support/resolution.js";

// Real bash, real process groups and signals: POSIX only (vitest.config.ts leaves it out on win32).
const resolution = testResolution({ platform: process.platform, path: "/bin/bash" });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function fixture(
  options: { idleMs?: number; maxSessions?: number; killBackgroundChildren?: boolean; home?: string } = {},
) {
  const directory = mkdtempSync(path.join(tmpdir(), "shellgate-session-"));
  const scripts = mkdtempSync(path.join(tmpdir(), "shellgate-session-scripts-"));
  const shells: ResidentShell[] = [];
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: options.home ?? process.env.HOME ?? directory,
    LC_ALL: "C",
  };
  const pool = new SessionPool({
    maxSessions: options.maxSessions ?? 16,
    idleMs: options.idleMs ?? 60_000,
    startDirectory: directory,
    open: async () => {
      const shell = new ResidentShell({
        start: directResidentStart("/bin/bash", directory, env),
        scriptDirectory: scripts,
        graceMs: 500,
        killBackgroundChildren: options.killBackgroundChildren ?? true,
      });
      shells.push(shell);
      const failed = await shell.ready;
      if (failed) throw failed;
      return shell;
    },
  });
  cleanups.push(async () => {
    await pool.close();
    rmSync(directory, { recursive: true, force: true });
    rmSync(scripts, { recursive: true, force: true });
  });
  const run = (command: string, owner = "agent-1", extra: { timeoutMs?: number; workdir?: string } = {}) =>
    runInSession(pool, command, {
      resolution,
      owner,
      workdir: extra.workdir ?? pool.state(owner)?.cwd ?? directory,
      timeoutMs: extra.timeoutMs ?? 20_000,
      baseEnv: env,
    });
  return { pool, run, directory, shells };
}

describe("persistent session (real bash)", () => {
  it("reads no start-up file: a hostile ~/.bashrc, ~/.bash_profile and BASH_ENV change nothing", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "shellgate-session-home-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const hostile = "echo STARTUP-FILE-READ; export STARTUP=read; cd /; alias echo=false\n";
    for (const name of [".bashrc", ".bash_profile", ".profile", ".bash_login"]) {
      writeFileSync(path.join(home, name), hostile);
    }
    const { run, directory } = fixture({ home });
    const result = await run('echo "[${STARTUP-unset}]"; pwd');
    expect(result.stdout).toBe(`[unset]\n${directory}\n`);
    expect(result.stderr).toBe("");
  });

  it("keeps cd, exported and plain variables, functions, aliases and set options between calls", async () => {
    const { run, directory } = fixture();
    const first = await run(
      "mkdir -p sub && cd sub && export GREETING=hello && PLAIN=kept && f() { echo from-f; } && alias say='echo said' && set -o pipefail",
    );
    expect(first).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    const second = await run('pwd; echo "$GREETING $PLAIN"; f; say; [[ -o pipefail ]] && echo pipefail');
    expect(second.stdout).toBe(`${path.join(directory, "sub")}\nhello kept\nfrom-f\nsaid\npipefail\n`);
    expect(second.session).toBeUndefined();
  });

  it("reads back the directory and the exported environment for the gate after each command", async () => {
    const { run, pool, directory } = fixture();
    await run("cd / && export SEEN_BY_GATE=$'two\\nlines' && unset LC_ALL");
    expect(pool.state("agent-1")).toMatchObject({ cwd: "/" });
    expect(pool.state("agent-1")?.env.SEEN_BY_GATE).toBe("two\nlines");
    expect(pool.state("agent-1")?.env.LC_ALL).toBeUndefined();
    expect(pool.state("nobody")).toBeUndefined();
    void directory;
  });

  it("keeps two owners' shells apart", async () => {
    const { run } = fixture();
    await run("export WHO=first; cd /", "owner-a");
    const other = await run('echo "[${WHO-unset}]"; pwd', "owner-b");
    expect(other.stdout).toMatch(/^\[unset\]\n\/.+shellgate-session-/);
    expect((await run('echo "$WHO"; pwd', "owner-a")).stdout).toBe("first\n/\n");
  });

  it("a timeout ends the command's tree only: the next call runs in the same shell", async () => {
    const { run, shells } = fixture();
    await run("export KEPT=yes; cd /");
    const pidFile = path.join(tmpdir(), `shellgate-session-child-${process.pid}-${Date.now()}`);
    cleanups.push(() => rmSync(pidFile, { force: true }));
    const slow = await run(
      `sh -c 'sleep 300 & echo $! > ${pidFile}; wait' | cat; echo not-reached`,
      "agent-1",
      {
        timeoutMs: 1500,
      },
    );
    expect(slow.timedOut).toBe(true);
    expect(slow.stdout).not.toContain("not-reached");
    expect(slow.exitCode).toBeNull();
    expect(slow.signal).toMatch(/^SIG(TERM|KILL)$/);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    expect(isProcessAlive(grandchild)).toBe(false);
    const after = await run('echo "$KEPT $$"; pwd');
    expect(after.stdout).toBe(`yes ${shells[0]?.pid}\n/\n`);
    expect(shells).toHaveLength(1);
    expect(after.session).toBeUndefined();
  });

  it("a shell loop that never waits on a child is interrupted too", async () => {
    const { run } = fixture();
    const busy = await run("while :; do :; done", "agent-1", { timeoutMs: 1000 });
    expect(busy.timedOut).toBe(true);
    expect((await run("echo back")).stdout).toBe("back\n");
  });

  it("a command printing marker-shaped text with the session's sentinel does not end its frame", async () => {
    const { run, shells } = fixture();
    await run("true");
    const sentinel = shells[0]?.sentinel as string;
    const forged = ["start", "end", "record", "done"]
      .map((kind) => `\\x1fshellgate-${sentinel}-00000000000000000000000000000000-${kind}\\x1f`)
      .join("");
    const result = await run(
      `printf '${forged}'; printf '${forged}' >&2; echo still-running; exit_status=4; (exit 4)`,
    );
    expect(result.stdout).toContain("still-running");
    // The forged markers reach the model as the command's output (control bytes escaped as text).
    expect(result.stdout.split(`shellgate-${sentinel}-`)).toHaveLength(5);
    expect(result.stderr.length).toBeGreaterThan(0);
    expect(result.exitCode).toBe(4);
    // Nothing in the shell's memory names the sentinel: variables, functions, aliases, traps.
    const listing = await run("set; declare -f; alias; trap -p; export -p");
    expect(listing.stdout).not.toContain(sentinel);
  });

  it("exit in a command ends the session honestly, and the next call says it runs in a new shell", async () => {
    const { run, shells, directory } = fixture();
    await run("cd / && export GONE=soon");
    const exited = await run("echo bye; exit 3");
    expect(exited.stdout).toBe("bye\n");
    expect(exited.exitCode).toBe(3);
    expect(exited.session).toMatch(/exited with status 3 during this command .* the session ended/);
    const next = await run('echo "[${GONE-unset}]"; pwd', "agent-1", { workdir: directory });
    expect(next.stdout).toBe(`[unset]\n${directory}\n`);
    expect(next.session).toMatch(
      /^the previous shell of this session ended \(the shell exited with status 3/,
    );
    expect(shells).toHaveLength(2);
    expect(isProcessAlive(shells[0]?.pid as number)).toBe(false);
  });

  it("exec of another program ends the session too", async () => {
    const { run } = fixture();
    const result = await run("exec echo replaced");
    expect(result.stdout).toBe("replaced\n");
    expect(result.session).toMatch(/the session ended/);
  });

  it("an idle session is ended after session_idle_ms and the next call starts fresh, saying why", async () => {
    const { run, shells } = fixture({ idleMs: 300 });
    await run("export IDLE=1");
    await shells[0]?.whenExited;
    const next = await run('echo "[${IDLE-unset}]"');
    expect(next.stdout).toBe("[unset]\n");
    expect(next.session).toMatch(/idle for 300 ms \(session_idle_ms\)/);
  });

  it("max_sessions: a new owner takes the least recently used idle session's place", async () => {
    const { run, pool } = fixture({ maxSessions: 2 });
    await run("export MINE=a", "a");
    await run("export MINE=b", "b");
    await run("true", "a");
    await run("true", "c");
    expect(pool.size).toBe(2);
    expect(pool.state("b")).toBeUndefined();
    expect(pool.state("a")?.env.MINE).toBe("a");
    const again = await run('echo "[${MINE-unset}]"', "b");
    expect(again.stdout).toBe("[unset]\n");
    expect(again.session).toMatch(/least recently used of 2 sessions \(max_sessions\)/);
  });

  it("a background job left behind is ended after the command, as in a fresh shell", async () => {
    const { run } = fixture();
    const result = await run("sleep 300 & echo started");
    expect(result.stdout).toBe("started\n");
    expect(result.backgroundChildren?.killed).toBe(true);
    for (const pid of result.backgroundChildren?.pids ?? []) expect(isProcessAlive(pid)).toBe(false);
  });

  it("close() ends every shell and everything they run", async () => {
    const { run, pool, shells } = fixture({ killBackgroundChildren: false });
    const kept = await run("sleep 300 & echo $!", "a");
    const pid = Number(kept.stdout.trim());
    expect(kept.backgroundChildren).toMatchObject({ killed: false });
    const running = run("sleep 300", "b");
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (shells.length === 2 && shells[1]?.busy) resolve();
        else setTimeout(check, 20);
      };
      check();
    });
    await pool.close();
    const ended = await running;
    expect(ended.session).toMatch(/the session ended/);
    expect(isProcessAlive(pid)).toBe(false);
    for (const shell of shells) expect(isProcessAlive(shell.pid as number)).toBe(false);
  });
});
