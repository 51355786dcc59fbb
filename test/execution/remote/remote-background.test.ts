import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  detachedCommandText,
  detachedPid,
  listBackgroundText,
  parseBackgroundListing,
  remoteBackgroundPaths,
} from "../../../src/execution/remote/remote-background.js";

const record = (id: string, startedAt: string) => ({
  command: `echo 'it''s' "${id}"\ttab`,
  startedAt,
  logPath: `/tmp/shellgate-background-${id}/${id}-background.log`,
  statusPath: `/tmp/shellgate-background-${id}/${id}-background.exit`,
});

describe("remote background paths and text", () => {
  it("puts every file of one start in its own directory under the target's temporary directory", () => {
    expect(remoteBackgroundPaths("/tmp/", "ab12")).toEqual({
      directory: "/tmp/shellgate-background-ab12",
      logPath: "/tmp/shellgate-background-ab12/ab12-background.log",
      statusPath: "/tmp/shellgate-background-ab12/ab12-background.exit",
      recordPath: "/tmp/shellgate-background-ab12/ab12-background.json",
    });
  });

  it("reads the pid line, and nothing else, as the pid", () => {
    expect(detachedPid("detached 4242\n")).toBe(4242);
    expect(detachedPid("mkdir: cannot create directory\n")).toBeUndefined();
  });

  it("parses the listing newest first; an exited run's status, a live one, an unrecorded end", () => {
    const lines = [
      `0\t3\t2026-12-02T10:00:05Z\t${JSON.stringify({ pid: 11, ...record("a", "2026-12-02T10:00:00.000Z") })}`,
      `1\t\t\t${JSON.stringify({ pid: 12, ...record("b", "2026-12-02T11:00:00.000Z") })}`,
      `0\t\t\t${JSON.stringify({ pid: 13, ...record("c", "2026-12-02T09:00:00.000Z") })}`,
      "0\t\t\t{half-written",
      "",
    ];
    const runs = parseBackgroundListing(lines.join("\n"));
    expect(runs.map((run) => [run.pid, run.state])).toEqual([
      [12, "running"],
      [11, "exited"],
      [13, "ended-unrecorded"],
    ]);
    expect(runs[1]).toMatchObject({
      exitCode: 3,
      endedAt: "2026-12-02T10:00:05Z",
      command: record("a", "").command,
    });
  });
});

// The shell text itself, run by this machine's sh (the targets run the same POSIX text).
describe.skipIf(process.platform === "win32")("the detaching and listing text under sh", () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "remote-background-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("detaches the command, records it, and the listing reads the status it wrote", async () => {
    const paths = remoteBackgroundPaths(scratch, "run1");
    const fields = {
      ...record("run1", new Date().toISOString()),
      logPath: paths.logPath,
      statusPath: paths.statusPath,
    };
    const prepared = `(\necho "out \\"$1\\""; echo err >&2; exit 4\n)\nprintf '%s\\n' "$?" > '${paths.statusPath}'\n`;
    const text = detachedCommandText({ prepared, shell: ["/bin/sh"], paths, record: fields });
    const pid = detachedPid(execFileSync("/bin/sh", ["-c", text], { encoding: "utf8" }));
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 30_000;
    let runs = parseBackgroundListing(
      execFileSync("/bin/sh", ["-c", listBackgroundText(scratch)], { encoding: "utf8" }),
    );
    while (runs[0]?.state !== "exited" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs = parseBackgroundListing(
        execFileSync("/bin/sh", ["-c", listBackgroundText(scratch)], { encoding: "utf8" }),
      );
    }
    expect(runs).toEqual([
      {
        pid,
        ...fields,
        state: "exited",
        exitCode: 4,
        endedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    ]);
    expect(execFileSync("cat", [paths.logPath], { encoding: "utf8" })).toBe('out ""\nerr\n');
  });

  it("refuses a directory that is there already (nothing started), and lists a record without a status as ended", () => {
    const paths = remoteBackgroundPaths(scratch, "taken");
    mkdirSync(paths.directory);
    const text = detachedCommandText({
      prepared: "echo ran",
      shell: ["/bin/sh"],
      paths,
      record: record("taken", ""),
    });
    expect(() => execFileSync("/bin/sh", ["-c", text], { stdio: "pipe" })).toThrow();
    writeFileSync(
      paths.recordPath,
      `${JSON.stringify({ pid: 2 ** 22 + 7, ...record("taken", "2000-01-01T00:00:00.000Z") })}\n`,
    );
    const runs = parseBackgroundListing(
      execFileSync("/bin/sh", ["-c", listBackgroundText(scratch)], { encoding: "utf8" }),
    );
    expect(runs.find((run) => run.pid === 2 ** 22 + 7)?.state).toBe("ended-unrecorded");
  });
});
