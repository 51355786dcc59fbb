import { writeFileSync } from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  createCapturingHost,
  createRealHost,
  createSnapshotHost,
  resolveShell,
} from "../../platforms/index.js";
import { main } from "../../src/surfaces/cli/main.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows } from "./support/windows-host.js";

// A Windows bug report is a `shellgate doctor --capture` snapshot; it is only useful if replaying it
// gives the answer the reporter's machine gave. Checked on a real win32 host (and Wine's fake one).
const temporaryDirectory = useTemporaryDirectories("shellgate-capture-");

async function cli(
  argv: readonly string[],
  cwd: string = temporaryDirectory(),
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  stdout.on("data", (chunk: Buffer) => chunks.stdout.push(chunk));
  stderr.on("data", (chunk: Buffer) => chunks.stderr.push(chunk));
  const exitCode = await main(argv, {
    stdout,
    stderr,
    stdin: Readable.from([]),
    cwd,
    env: process.env,
  });
  return {
    exitCode,
    stdout: Buffer.concat(chunks.stdout).toString("utf8"),
    stderr: Buffer.concat(chunks.stderr).toString("utf8"),
  };
}

describe.runIf(onWindows)("doctor --capture on win32", () => {
  it("records a snapshot that replays to the same resolution", async () => {
    const capturing = createCapturingHost(createRealHost());
    const live = await resolveShell(capturing.host);
    const replayed = await resolveShell(createSnapshotHost(capturing.snapshot()));
    expect(replayed).toEqual(live);
  });

  it("`shellgate doctor --capture` then `describe --host` gives what `describe` gives", async () => {
    const capture = await cli(["doctor", "--capture"]);
    expect(capture.stderr).toBe("");
    expect(capture.exitCode).toBe(0);
    const snapshotFile = path.join(temporaryDirectory(), "host.json");
    writeFileSync(snapshotFile, capture.stdout);
    expect(JSON.parse(capture.stdout)).toMatchObject({ platform: "win32" });

    // One working directory for both: the sandbox policy in the answer names it.
    const workingDirectory = temporaryDirectory();
    const replayed = await cli(["describe", "--host", snapshotFile, "--json"], workingDirectory);
    const live = await cli(["describe", "--json"], workingDirectory);
    expect(replayed.exitCode).toBe(0);
    expect(live.exitCode).toBe(0);
    expect(JSON.parse(replayed.stdout)).toEqual(JSON.parse(live.stdout));
  });
});
