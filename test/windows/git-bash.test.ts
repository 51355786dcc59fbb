import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRealHost,
  resolveShell,
  type ShellResolution,
  toNativePath,
  toShellPath,
} from "../../platforms/index.js";
import { runCommand } from "../../src/execution/run/run-command.js";
import { HOSTILE_COMMANDS as EXECUTION_HOSTILE_COMMANDS } from "../fixtures/exec/hostile-commands.js";
import { HOSTILE_COMMANDS } from "./support/hostile-strings.js";
import { killEach, stillAlive, writeTreeScript } from "./support/process-tree.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows, underWine, wineCannot } from "./support/windows-host.js";

// Commands through the real Git Bash: only on windows-latest (Wine has no Git Bash; its stand-in
// bash.exe answers --version and nothing else).
const temporaryDirectory = useTemporaryDirectories("shellgate-git-bash-");
let resolution: ShellResolution;
const started: number[] = [];

/** What bash prints for a script read from a file: the byte-exact reference for the command text. */
function runFromFile(command: string, cwd: string): { stdout: string; exitCode: number | null } {
  const script = path.join(temporaryDirectory(), "command.sh");
  writeFileSync(script, command);
  const result = spawnSync(resolution.path!, ["--noprofile", "--norc", script], {
    cwd,
    encoding: "utf8",
    timeout: 20_000,
    windowsHide: true,
  });
  return { stdout: result.stdout, exitCode: result.status };
}

describe.runIf(onWindows)("Git Bash on a real Windows host", () => {
  beforeEach((context) => {
    context.skip(underWine, wineCannot("there is no Git Bash, only a stand-in that answers --version"));
  });
  beforeAll(async () => {
    if (underWine) return;
    resolution = await resolveShell(createRealHost());
  });

  it("is what the resolver chose", () => {
    expect(resolution.kind).toBe("gitbash");
  });

  it("receives hostile command texts byte for byte", async () => {
    const cwd = temporaryDirectory();
    for (const { command, prints } of HOSTILE_COMMANDS) {
      const result = await runCommand(command, { resolution, cwd, timeout: 30 });
      expect({ command, stdout: result.stdout, exitCode: result.exitCode }).toEqual({
        command,
        stdout: prints,
        exitCode: 0,
      });
    }
  }, 120_000);

  it("runs the execution suite's hostile commands exactly as bash runs them from a file", async () => {
    const cwd = temporaryDirectory();
    for (const command of EXECUTION_HOSTILE_COMMANDS) {
      const result = await runCommand(command, { resolution, cwd, timeout: 30 });
      const reference = runFromFile(command, cwd);
      expect({ command, stdout: result.stdout, exitCode: result.exitCode }).toEqual({
        command,
        ...reference,
      });
    }
  }, 120_000);

  it("takes the working directory as C:\\… and as /c/…", async () => {
    const directory = temporaryDirectory();
    writeFileSync(path.join(directory, "marker.txt"), "here");
    for (const workdir of [directory, toShellPath(directory, "gitbash")]) {
      const result = await runCommand('cat marker.txt && printf "\\n%s" "$PWD"', {
        resolution,
        workdir,
        timeout: 30,
      });
      expect(result.exitCode).toBe(0);
      const [content, shellDirectory] = result.stdout.split("\n");
      expect(content).toBe("here");
      // The runner's temp directory has 8.3 short names (RUNNER~1); compare the directories on disk.
      const seenByBash = realpathSync.native(toNativePath(shellDirectory ?? "", "gitbash"));
      expect(seenByBash.toLowerCase()).toBe(realpathSync.native(directory).toLowerCase());
    }
  });

  it("ends a Git Bash → node → node tree whole on timeout", async () => {
    const directory = temporaryDirectory();
    const script = writeTreeScript(directory);
    const pidsFile = path.join(directory, "pids.txt");
    const command = `node '${toShellPath(script, "gitbash")}' 3 > '${toShellPath(pidsFile, "gitbash")}'`;
    const result = await runCommand(command, { resolution, timeout: 5 });
    const pids = (/READY([\d ]+)/.exec(readFileSync(pidsFile, "utf8"))?.[1] ?? "")
      .trim()
      .split(/\s+/)
      .map(Number);
    started.push(...pids);
    expect(result.timedOut).toBe(true);
    expect(pids).toHaveLength(3);
    expect(await stillAlive(pids)).toEqual([]);
    killEach(started.splice(0));
  });
});
