import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  backgroundPaths,
  backgroundRuns,
  withExitStatus,
} from "../../../src/execution/run/background-status.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "background-status-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runWrapped(command: string, name: string): { status: string; stdout: string; pid: string } {
  const file = path.join(scratch, `${name}.exit`);
  const result = spawnSync("bash", ["--norc", "-c", withExitStatus(command, file)], { encoding: "utf8" });
  let status = "";
  try {
    status = readFileSync(file, "utf8");
  } catch {
    status = "(none)";
  }
  return { status, stdout: result.stdout, pid: String(result.pid) };
}

describe.runIf(process.platform !== "win32")("withExitStatus (the text a --background start runs)", () => {
  it("records the command's own exit, also from `exit N`", () => {
    expect(runWrapped("echo hi; exit 3", "exit").status).toBe("3\n");
    expect(runWrapped("true", "true").status).toBe("0\n");
  });

  it("records 128+N for a command that a signal ended, and keeps $$ the shell's pid", () => {
    expect(runWrapped("sh -c 'kill -TERM $$'", "signal").status).toBe("143\n");
    const { stdout, pid } = runWrapped("echo $$", "pid");
    expect(stdout).toBe(`${pid}\n`);
  });

  it("keeps a heredoc and a trailing comment intact", () => {
    expect(runWrapped("cat <<EOF\nbody\nEOF", "heredoc")).toMatchObject({ stdout: "body\n", status: "0\n" });
    expect(runWrapped("echo x # a comment", "comment")).toMatchObject({ stdout: "x\n", status: "0\n" });
  });
});

describe("backgroundRuns (what doctor lists)", () => {
  it("reads each record with its state, newest first, and skips what is not a record", () => {
    const base = mkdtempSync(path.join(scratch, "base-"));
    const directory = path.join(base, "shellgate-spill-abc");
    mkdirSync(directory);
    const done = backgroundPaths(directory, "done");
    const gone = backgroundPaths(directory, "gone");
    const record = (paths: ReturnType<typeof backgroundPaths>, pid: number, startedAt: string) =>
      writeFileSync(
        paths.recordPath,
        JSON.stringify({
          pid,
          command: "make",
          startedAt,
          logPath: paths.logPath,
          statusPath: paths.statusPath,
        }),
      );
    record(done, 2_000_000_001, "2026-01-01T00:00:00.000Z");
    writeFileSync(done.statusPath, "2\n");
    record(gone, 2_000_000_002, "2026-01-02T00:00:00.000Z");
    writeFileSync(path.join(directory, "broken-background.json"), "{");
    mkdirSync(path.join(base, "not-a-spill-directory"));
    const runs = backgroundRuns(base);
    expect(runs.map((run) => [run.pid, run.state])).toEqual([
      [2_000_000_002, "ended-unrecorded"],
      [2_000_000_001, "exited"],
    ]);
    expect(runs[1]).toMatchObject({ exitCode: 2, command: "make" });
    expect(backgroundRuns(path.join(scratch, "missing"))).toEqual([]);
  });
});
