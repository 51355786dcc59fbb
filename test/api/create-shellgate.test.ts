import { access, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { ApprovalRequest } from "../../src/api/host.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import { ConfigError } from "../../src/config/config-error.js";
import type { Executor } from "../../src/execution/executor/executor.js";
import { createLocalExecutor } from "../../src/execution/executor/local-executor.js";
import type { ToolDefinition } from "../../src/tools/tool-definition.js";
import { nativePidCommand, onWindows, pwdOutputs, shellQuote, skipUnderWine } from "../support/platform.js";
import { isAlive, pollUntil, waitUntilGone } from "../support/process-probe.js";

// The pid comes from a node process the shell starts: allow for a slow start on a loaded machine.
const PID_WAIT_MS = 20_000;

let directory: string;
const instances: Shellgate[] = [];

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-api-"));
});

afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.close()));
  await rm(directory, { recursive: true, force: true });
});

// Every test that runs a command needs a working bash; under Wine there is none.
function needsShell(context: TestContext): void {
  skipUnderWine(context, "no-git-bash");
}

async function instance(...args: Parameters<typeof createShellgate>): Promise<Shellgate> {
  const [config = {}, host = {}] = args;
  const created = await createShellgate({ working_dir: directory, ...config }, host);
  instances.push(created);
  return created;
}

function tool(tools: ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe("createShellgate", () => {
  it("refuses a config it does not understand, naming the key", async () => {
    await expect(createShellgate({ timeuot: 5 } as never)).rejects.toThrow(ConfigError);
    await expect(createShellgate({ timeuot: 5 } as never)).rejects.toThrow(/unknown config key 'timeuot'/);
  });

  it("refuses a working_dir that does not exist", async () => {
    const missing = path.join(directory, "missing");
    await expect(createShellgate({ working_dir: missing })).rejects.toThrow(
      `config key 'working_dir': ${missing} is not an existing directory`,
    );
  });

  it("refuses a list the safety gate cannot use, as a config error", async () => {
    await expect(createShellgate({ working_dir: directory, allowed_commands: [" "] })).rejects.toThrow(
      "config key 'allowed_commands.0' is an empty pattern; remove it",
    );
  });

  it("holds the resolved shell and describes it", async () => {
    const shellgate = await instance();
    expect(shellgate.shell.kind).toBe(onWindows ? "gitbash" : "bash");
    expect(shellgate.cwd).toBe(directory);
    expect(shellgate.describeShell()).toContain(shellgate.shell.path ?? "");
  });

  it("returns the dsh tools, the process tools with managed processes, or the single reference tool", async () => {
    const plain = await instance();
    expect(plain.tools().map((definition) => definition.name)).toEqual(["bash", "bash_output", "bash_kill"]);
    const managed = await instance({ managed_processes: true });
    expect(managed.tools().map((definition) => definition.name)).toHaveLength(10);
    expect(managed.tools({ shape: "amplifier" }).map((definition) => definition.name)).toEqual(["bash"]);
    const bash = tool(plain.tools(), "bash");
    expect(bash.inputSchema.required).toEqual(["command", "description"]);
    expect(bash.description).toContain(plain.describeShell());
    expect(bash.description.length).toBeLessThanOrEqual(2000);
  });
});

describe("the bash tool", () => {
  beforeEach(needsShell);

  it("runs a command in the instance directory with text and structured result", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const result = await tool(shellgate.tools(), "bash").execute({
      command: "pwd; exit 3",
      description: "Where",
    });
    expect(result.isError).toBe(false);
    expect(pwdOutputs(directory, "[exit code: 3]")).toContain(result.text);
    expect(result.structured).toMatchObject({
      exitCode: 3,
      returncode: 3,
      background: false,
      timedOut: false,
    });
  });

  it("resolves a relative workdir against the instance directory", async () => {
    await mkdir(path.join(directory, "sub"));
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const result = await tool(shellgate.tools(), "bash").execute({
      command: "pwd",
      description: "Where",
      workdir: "sub",
    });
    expect(pwdOutputs(path.join(directory, "sub"))).toContain(result.text);
  });

  it("resolves workdir against the calling session's workspace when the host names one", async () => {
    await mkdir(path.join(directory, "session", "sub"), { recursive: true });
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const bash = tool(shellgate.tools(), "bash");
    const session = { cwd: path.join(directory, "session") };
    const here = await bash.execute({ command: "pwd", description: "Where" }, session);
    expect(pwdOutputs(session.cwd)).toContain(here.text);
    const nested = await bash.execute({ command: "pwd", description: "Where", workdir: "sub" }, session);
    expect(pwdOutputs(path.join(session.cwd, "sub"))).toContain(nested.text);
  });

  it("reports invalid input as an error result, without running anything", async () => {
    const shellgate = await instance();
    const result = await tool(shellgate.tools(), "bash").execute({ command: "ls", timeoutMs: "soon" });
    expect(result).toEqual({
      text: "Invalid bash input: field 'description' is required (a string) (and 1 more problem).",
      isError: true,
    });
  });

  it("stops the tree and reports an error when the call is aborted during the run", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const controller = new AbortController();
    const pidFile = path.join(directory, "pid");
    const pending = tool(shellgate.tools(), "bash").execute(
      { command: `${nativePidCommand()} > ${shellQuote(pidFile)}`, description: "Wait" },
      { signal: controller.signal },
    );
    const { readFile } = await import("node:fs/promises");
    const written = await pollUntil(
      () => readFile(pidFile, "utf8").catch(() => ""),
      /^pid \d+\n/,
      PID_WAIT_MS,
    );
    const pid = Number(/\d+/.exec(written)?.[0]);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/\[command aborted: the call was cancelled and its process tree stopped\]$/);
    expect(await waitUntilGone(pid)).toBe(true);
  });

  it("refuses a call whose signal already fired", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const marker = path.join(directory, "marker");
    const result = await tool(shellgate.tools(), "bash").execute(
      { command: `touch ${shellQuote(marker)}`, description: "Touch" },
      { signal: AbortSignal.abort() },
    );
    expect(result.isError).toBe(true);
    expect(await exists(marker)).toBe(false);
  });
});

describe("the safety gate", () => {
  it("blocks before anything runs or is asked, with the gate's reason", async () => {
    let asked = 0;
    const shellgate = await instance(
      { require_approval: true },
      {
        approve: () => {
          asked++;
          return true;
        },
      },
    );
    const marker = path.join(directory, "marker");
    const result = await tool(shellgate.tools(), "bash").execute({
      command: `sudo touch ${marker}`,
      description: "Try sudo",
    });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^Command blocked by the safety gate \(profile strict, rule [\w.]+\): \S/);
    expect(asked).toBe(0);
    expect(await exists(marker)).toBe(false);
    expect(shellgate.check("sudo ls").allowed).toBe(false);
    expect(shellgate.check("echo 'use sudo'").allowed).toBe(true);
  });

  it("gates managed starts the same way", async () => {
    const shellgate = await instance({ managed_processes: true });
    const result = await tool(shellgate.tools(), "process_start").execute({ command: "sudo sleep 5" });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^Command blocked by the safety gate/);
  });
});

describe("the approval seam", () => {
  it("refuses every command when approval is required and the host has no callback", async () => {
    const shellgate = await instance({ require_approval: true, safety_profile: "unrestricted" });
    const marker = path.join(directory, "marker");
    const result = await tool(shellgate.tools(), "bash").execute({
      command: `touch ${shellQuote(marker)}`,
      description: "Touch",
    });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /^Command not run: require_approval is on and this host has no approval callback/,
    );
    expect(await exists(marker)).toBe(false);
  });

  it("asks the host with command, cwd and verdict before running, and honours a refusal", async (context) => {
    needsShell(context);
    const asked: ApprovalRequest[] = [];
    const shellgate = await instance(
      { require_approval: true, safety_profile: "unrestricted" },
      {
        approve: (request) => {
          asked.push(request);
          return request.command.includes("allowed") ? true : { approved: false, reason: "the user said no" };
        },
      },
    );
    const bash = tool(shellgate.tools(), "bash");
    const refused = await bash.execute({
      command: `touch ${shellQuote(path.join(directory, "refused"))}`,
      description: "No",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("the user said no");
    expect(await exists(path.join(directory, "refused"))).toBe(false);
    const approved = await bash.execute(
      { command: `touch ${shellQuote(path.join(directory, "allowed"))}`, description: "Yes" },
      { ownerId: "session-1" },
    );
    expect(approved.isError).toBe(false);
    expect(await exists(path.join(directory, "allowed"))).toBe(true);
    expect(asked[1]).toMatchObject({
      command: `touch ${shellQuote(path.join(directory, "allowed"))}`,
      cwd: directory,
      action: "run",
      ownerId: "session-1",
      verdict: { allowed: true, profile: "unrestricted" },
    });
  });

  it("asks before a managed start too", async () => {
    const shellgate = await instance(
      { require_approval: true, safety_profile: "unrestricted", managed_processes: true },
      { approve: () => false },
    );
    const result = await tool(shellgate.tools(), "process_start").execute({ command: "sleep 5" });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^Command not run: the user did not approve it\./);
    expect((await shellgate.processes().list()).processes).toHaveLength(0);
  });

  // Approval happens once, in admission; the approver sees the full start, and a refusal starts nothing.
  it("asks the approval hook with the full start and refuses without approval", async () => {
    const requests: ApprovalRequest[] = [];
    const shellgate = await instance(
      { require_approval: true, safety_profile: "unrestricted", managed_processes: true },
      {
        approve: (request) => {
          requests.push(request);
          return false;
        },
      },
    );
    const result = await tool(shellgate.tools(), "process_start").execute({ command: "echo hi", timeout: 5 });
    expect(result.isError).toBe(true);
    expect(requests).toEqual([
      expect.objectContaining({ action: "start", command: "echo hi", timeout: 5, pty: false }),
    ]);
    expect((await shellgate.processes().list()).processes).toHaveLength(0);
  });
});

describe("background tasks", () => {
  beforeEach(needsShell);

  it("are fenced by owner and killed by close()", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const tools = shellgate.tools();
    const started = await tool(tools, "bash").execute(
      { command: nativePidCommand(), description: "Sleep", run_in_background: true },
      { ownerId: "owner-a" },
    );
    expect(started.text).toMatch(/^started background task \S+/);
    const taskId = String(started.structured?.task_id);
    const output = await pollUntil(
      async () =>
        (await tool(tools, "bash_output").execute({ task_id: taskId }, { ownerId: "owner-a" })).text,
      /pid \d+/,
      PID_WAIT_MS,
    );
    const pid = Number(/pid (\d+)/.exec(output)?.[1]);
    expect(isAlive(pid)).toBe(true);
    const foreign = await tool(tools, "bash_kill").execute({ task_id: taskId }, { ownerId: "owner-b" });
    expect(foreign).toEqual({ text: `task ${taskId} belongs to another session`, isError: true });
    expect(isAlive(pid)).toBe(true);
    await shellgate.close();
    expect(await waitUntilGone(pid)).toBe(true);
    const after = await tool(tools, "bash").execute({ command: "true", description: "Nothing" });
    expect(after.isError).toBe(true);
    expect(after.text).toMatch(/closed/);
  });
});

describe("the reference shape", () => {
  beforeEach(needsShell);

  it("takes timeout in seconds and answers managed actions when they are off", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted" });
    const [bash] = shellgate.tools({ shape: "amplifier" });
    const slow = await bash?.execute({ command: "sleep 5", timeout: 1 });
    expect(slow?.text).toMatch(/\[timed out after 1000ms\]/);
    const ran = await bash?.execute({ action: "run", command: "echo ok" });
    expect(ran?.text).toBe("ok\n");
    const managed = await bash?.execute({ action: "start", command: "sleep 1" });
    expect(managed).toEqual({
      text: "Managed process actions require managed_processes=true in host configuration; use run_in_background for a simple background task.",
      isError: true,
    });
  });

  it("drives a managed process through the action field", async () => {
    const shellgate = await instance({ safety_profile: "unrestricted", managed_processes: true });
    const [bash] = shellgate.tools({ shape: "amplifier" });
    const started = await bash?.execute({ action: "start", command: "echo hi; sleep 30" });
    const processId = String(started?.structured?.process_id);
    const page = await bash?.execute({ action: "wait", process_id: processId, wait_ms: 2000 });
    expect(page?.text).toContain("hi");
    const ended = await bash?.execute({ action: "terminate", process_id: processId });
    expect(ended?.structured).toMatchObject({ process_id: processId, cancellation_requested: true });
    const listed = await bash?.execute({ action: "list" });
    expect(listed?.structured).toMatchObject({ processes: [{ process_id: processId }] });
  });
});

describe("the executor seam", () => {
  beforeEach(needsShell);

  it("runs through a host's own executor without changing what the model sees", async () => {
    const seen: string[] = [];
    const probe = await createShellgate({ working_dir: directory });
    const local = createLocalExecutor({ resolution: probe.shell, cwd: directory });
    await probe.close();
    const executor: Executor = {
      ...local,
      resolve(request) {
        seen.push(request.command);
        return local.resolve(request);
      },
    };
    const shellgate = await instance({ safety_profile: "unrestricted" }, { executor });
    const result = await tool(shellgate.tools(), "bash").execute({
      command: "echo via host",
      description: "Echo",
    });
    expect(result.text).toBe("via host\n");
    expect(seen).toEqual(["echo via host"]);
    expect(shellgate.executor).toBe(executor);
  });
});

describe("on a recorded Windows host", () => {
  it("describes the resolved Windows shell with the override hint", async () => {
    const { readFile } = await import("node:fs/promises");
    const { createSnapshotHost } = await import("../../platforms/index.js");
    const fixture = JSON.parse(
      await readFile(new URL("../hosts/win-git-and-wsl.json", import.meta.url), "utf8"),
    ) as {
      host: Parameters<typeof createSnapshotHost>[0];
    };
    const snapshot = fixture.host;
    const shellgate = await instance({}, { platformHost: createSnapshotHost(snapshot) });
    expect(shellgate.shell.platform).toBe("win32");
    const bash = tool(shellgate.tools(), "bash");
    expect(bash.description).toContain(shellgate.describeShell());
    expect(bash.description).toContain("windows_shell");
    expect(bash.description.length).toBeLessThanOrEqual(2000);
  });
});
