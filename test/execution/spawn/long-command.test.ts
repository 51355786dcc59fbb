import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import {
  ARGV_INLINE_MAX_BYTES,
  decideLongCommand,
  ENVIRONMENT_INLINE_MAX_CHARS,
  MAX_COMMAND_BYTES,
  scriptFileContent,
  singleQuote,
  sourceScriptCommand,
} from "../../../src/execution/spawn/long-command.js";
import { writeScriptFile } from "../../../src/execution/spawn/script-file.js";
import { BASH, GITBASH_STYLE, NONE } from "../../fixtures/exec/resolutions.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "long-command-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A heredoc that writes `size` bytes of text to `file`: the everyday way a command gets this long. */
function heredocCommand(file: string, size: number): { command: string; body: string } {
  const line = "0123456789abcdefghijklmnopqrstuvwxyz ' \" $HOME `x` \\ ü\n";
  const header = `cat > ${singleQuote(file)} <<'SHELLGATE_EOF'\n`;
  const footer = "SHELLGATE_EOF\necho written";
  const room = size - Buffer.byteLength(header + footer);
  const body = line.repeat(Math.floor(room / Buffer.byteLength(line)));
  return { command: header + body + footer, body };
}

describe("long-command delivery (pure)", () => {
  it("stays inline below the limits and uses a script file above them, per shell kind", () => {
    const short = "echo hi";
    const argvLong = "x".repeat(ARGV_INLINE_MAX_BYTES + 1);
    const environmentLong = "x".repeat(ENVIRONMENT_INLINE_MAX_CHARS + 1);
    expect(decideLongCommand("bash", "linux", short).delivery).toBe("inline");
    expect(decideLongCommand("bash", "linux", argvLong).delivery).toBe("script-file");
    expect(decideLongCommand("sh", "darwin", argvLong).delivery).toBe("script-file");
    for (const kind of ["gitbash", "cygwin", "wsl", "bash"] as const) {
      expect(decideLongCommand(kind, "win32", short).delivery).toBe("inline");
      expect(decideLongCommand(kind, "win32", environmentLong).delivery).toBe("script-file");
    }
    expect(decideLongCommand("none", "win32", argvLong)).toMatchObject({ delivery: "refused" });
  });

  it("refuses beyond the documented 1 MiB limit, counting UTF-8 bytes", () => {
    expect(MAX_COMMAND_BYTES).toBeGreaterThanOrEqual(1024 * 1024);
    expect(decideLongCommand("bash", "linux", "x".repeat(MAX_COMMAND_BYTES)).delivery).toBe("script-file");
    const over = decideLongCommand("bash", "linux", "ü".repeat(MAX_COMMAND_BYTES / 2 + 1));
    expect(over).toMatchObject({ delivery: "refused" });
  });

  it("quotes any path, apostrophes included, and the file removes itself first", () => {
    expect(sourceScriptCommand("/tmp/it's/x.sh")).toBe(`. '/tmp/it'\\''s/x.sh'`);
    expect(scriptFileContent("echo hi", "/c/Users/O'Brien/x.sh")).toBe(
      `command rm -f -- '/c/Users/O'\\''Brien/x.sh' 2>/dev/null\necho hi\n`,
    );
  });

  it.skipIf(process.platform === "win32")("writes the script 0600 under a fresh name", () => {
    const file = writeScriptFile(scratch, () => "echo hi\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe("echo hi\n");
  });
});

describe("long commands for real", () => {
  it.each([
    ["bash -c (argv)", BASH],
    ["the environment plan (Git Bash, Cygwin, WSL)", GITBASH_STYLE],
    ["POSIX sh", { ...BASH, kind: "sh" as const, path: "/bin/sh" }],
  ])("a 1 MiB heredoc runs on %s and leaves no script file behind", async (_name, resolution) => {
    const spill = mkdtempSync(path.join(scratch, "spill-"));
    const target = path.join(scratch, `${resolution.kind}-${resolution.path?.length}.txt`);
    const { command, body } = heredocCommand(target, MAX_COMMAND_BYTES);
    expect(Buffer.byteLength(command)).toBeGreaterThan(MAX_COMMAND_BYTES - 100);
    const result = await runCommand(command, {
      resolution,
      cwd: scratch,
      spillDirectory: new SpillDirectory(spill),
      timeoutSeconds: 120,
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: "written\n", stderr: "" });
    expect(readFileSync(target, "utf8")).toBe(body);
    const leftovers = readdirSync(spill).flatMap((name) => readdirSync(path.join(spill, name)));
    expect(leftovers).toEqual([]);
  });

  it("keeps the exit code, and a 200 KB command that E2BIG used to refuse just runs", async () => {
    const command = `${"true\n".repeat(40_000)}exit 7`;
    expect(Buffer.byteLength(command)).toBeGreaterThan(131_072);
    const result = await runCommand(command, {
      resolution: BASH,
      cwd: scratch,
      spillDirectory: new SpillDirectory(scratch),
    });
    expect(result.exitCode).toBe(7);
  });

  it("refuses with invalid-command beyond the limit, and without a shell, before anything runs", async () => {
    for (const [resolution, command] of [
      [BASH, "x".repeat(MAX_COMMAND_BYTES + 1)],
      [NONE, `echo ${"x".repeat(40_000)}`],
    ] as const) {
      const error = await runCommand(command, { resolution, cwd: scratch }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ExecutionError);
      expect((error as ExecutionError).code).toBe("invalid-command");
    }
  });
});
