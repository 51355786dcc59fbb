import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CurrentDirectoryError, currentDirectory } from "../../../platforms/host/current-directory.js";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { main } from "../../../src/surfaces/cli/main.js";

// What Node throws from process.cwd() once the directory is gone (a shell left in a removed folder).
function cwdGone(): never {
  throw Object.assign(new Error("ENOENT: no such file or directory, uv_cwd"), {
    code: "ENOENT",
    syscall: "uv_cwd",
  });
}

const SENTENCE =
  /^the current directory \(\/gone\/work\) no longer exists \(it was deleted while this process was in it\); start shellgate from an existing directory$/;

const scratch = mkdtempSync(path.join(os.tmpdir(), "shellgate-cwd-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** `main(args)` with the process's own io (as bin/shellgate.js runs it), stderr captured. */
async function mainInGoneDirectory(args: string[]): Promise<{ code: number; stderr: string }> {
  vi.spyOn(process, "cwd").mockImplementation(cwdGone);
  const previous = process.env.PWD;
  process.env.PWD = "/gone/work";
  let stderr = "";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), stderr };
  } finally {
    process.env.PWD = previous;
  }
}

describe("a working directory deleted before shellgate starts", () => {
  it("is one sentence naming the lost directory, not Node's uv_cwd error", () => {
    vi.spyOn(process, "cwd").mockImplementation(cwdGone);
    expect(() => currentDirectory({ PWD: "/gone/work" })).toThrow(CurrentDirectoryError);
    expect(() => currentDirectory({ PWD: "/gone/work" })).toThrow(SENTENCE);
    expect(() => currentDirectory({})).toThrow(/^the current directory no longer exists/);
  });

  it("makes createShellgate reject with that sentence; an absolute working_dir needs no cwd", async () => {
    vi.spyOn(process, "cwd").mockImplementation(cwdGone);
    await expect(createShellgate({}, { env: { ...process.env, PWD: "/gone/work" } })).rejects.toThrow(
      SENTENCE,
    );
    // Windows refuses to remove a process's working directory, and `which` reads the cwd there to
    // look in it first (findOnPath then drops such hits): the case cannot arise on Windows.
    if (process.platform === "win32") return;
    const shellgate = await createShellgate({ working_dir: scratch });
    expect(shellgate.cwd).toBe(scratch);
    await shellgate.close();
  });

  it("makes shellgate run exit 69 (not started) and shellgate mcp exit 1, each with the sentence", async () => {
    const run = await mainInGoneDirectory(["run", "echo hi"]);
    expect(run.code).toBe(69);
    expect(run.stderr).toMatch(
      /^shellgate run: the current directory \(\/gone\/work\) no longer exists .*\n$/,
    );
    const mcp = await mainInGoneDirectory(["mcp"]);
    expect(mcp.code).toBe(1);
    expect(mcp.stderr).toMatch(
      /^shellgate mcp: the current directory \(\/gone\/work\) no longer exists .*\n$/,
    );
    expect((await mainInGoneDirectory(["--version"])).code).toBe(0);
  });

  const bin = fileURLToPath(new URL("../../../bin/shellgate.js", import.meta.url));
  const built = existsSync(fileURLToPath(new URL("../../../dist/bundle/cli.js", import.meta.url)));
  // A real deleted directory: POSIX only (Windows refuses to remove a process's working directory).
  it.skipIf(process.platform === "win32" || !built)(
    "is what bin/shellgate.js (after npm run build) prints when started in a removed directory",
    () => {
      const gone = path.join(scratch, "removed");
      const script = `mkdir "$1" && cd "$1" && rmdir "$1" && exec "$2" "$3" run "echo hi"`;
      const child = spawnSync("bash", ["-c", script, "bash", gone, process.execPath, bin], {
        encoding: "utf8",
        env: { ...process.env, PWD: gone },
      });
      expect(child.stderr).toBe(
        `shellgate run: the current directory (${gone}) no longer exists (it was deleted while this process was in it); start shellgate from an existing directory\n`,
      );
      expect(child.status).toBe(69);
    },
  );
});
