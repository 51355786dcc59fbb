import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../../../src/execution/sandbox/index.js";
import { planSpawn } from "../../../src/execution/spawn/plan-spawn.js";
import { runEnclosed, runInSandbox } from "../../support/enclosed-run.js";
import { testResolution } from "../../support/resolution.js";
import { sandboxTestsRun } from "./sandbox-guard.js";

const runs = await sandboxTestsRun();
const bash = testResolution();

// The helpers the host runs for the sandbox, and the programs the library runs by name.
const PLANTED = ["bwrap", "socat", "rg", "which", "npm"];

let root: string;
let work: string;
let bin: string;
let hostRan: string;
let savedPath: string | undefined;

/** A program that records that it ran (on the host: the record lies outside allow_write), then pretends. */
function fake(name: string): string {
  const version = name === "bwrap" ? 'case "$1" in --version) echo "bubblewrap 0.9.0";; esac\n' : "";
  return `#!/bin/sh\necho "${name} $*" >> ${hostRan}\n${version}exit 0\n`;
}

function settings() {
  return { mode: "required" as const, allow_write: [work], deny_read: [], allowed_domains: [] };
}

const context = () => ({ platform: "linux", cwd: work, home: root, tempDirectory: path.join(root, "tmp") });

describe.runIf(runs)("helpers the host runs for the sandbox (real)", () => {
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "shellgate-planted-"));
    work = path.join(root, "work");
    bin = path.join(work, "node_modules", ".bin");
    hostRan = path.join(root, "host-ran.txt");
    mkdirSync(bin, { recursive: true });
    mkdirSync(path.join(root, "tmp"));
    // As under npx, npm exec and npm run: the project's .bin first on PATH, inside allow_write.
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath ?? "/usr/bin:/bin"}`;
  });

  afterAll(() => {
    process.env.PATH = savedPath;
    rmSync(root, { recursive: true, force: true });
  });

  it("a sandboxed command that plants bwrap, socat, rg, which and npm on PATH gets none of them run on the host", async () => {
    const plant = PLANTED.map(
      (name) =>
        `printf '%s' '${fake(name).replace(/'/g, "'\\''")}' > ${path.join(bin, name)}; chmod +x ${path.join(bin, name)}`,
    ).join("; ");
    const env = { PATH: process.env.PATH ?? "" };
    const planting = await runEnclosed(plant, {
      resolution: bash,
      settings: settings(),
      cwd: work,
      home: root,
      tempDirectory: path.join(root, "tmp"),
      env,
    });
    expect(planting.sandboxed).toBe(true);
    // The helpers it could plant (the host resolves them to system copies); not what the library looks up by name.
    expect(existsSync(path.join(bin, "bwrap"))).toBe(true);
    expect(existsSync(path.join(bin, "which")) ? readFileSync(path.join(bin, "which"), "utf8") : "").toBe("");
    // A later instance (a later `npx shellgate` start, with the library's session begun anew).
    const sandbox = createSandbox({ settings: settings(), context: context() });
    try {
      const status = await sandbox.status();
      if (status.available) {
        const later = await runInSandbox(sandbox, "echo enclosed; touch ../escaped", {
          resolution: bash,
          cwd: work,
          env,
        });
        expect(later.sandboxed).toBe(true);
        expect(later.output).toContain("enclosed");
        expect(path.isAbsolute(later.file)).toBe(true);
        expect(later.file.startsWith(work)).toBe(false);
        expect(existsSync(path.join(root, "escaped"))).toBe(false);
      } else {
        expect(status.reason).toMatch(/planted|not safe to run/);
      }
    } finally {
      await sandbox.close();
    }
    expect(existsSync(hostRan) ? readFileSync(hostRan, "utf8") : "").toBe("");
  });

  it("`required` refuses, naming why, when the first `which` on PATH lies where a sandboxed command can write", async () => {
    const which = path.join(bin, "which");
    rmSync(which, { force: true });
    writeFileSync(which, fake("which"));
    chmodSync(which, 0o755);
    try {
      const sandbox = createSandbox({ settings: settings(), context: context() });
      try {
        const enclosed = await sandbox.enclose(planSpawn(bash, "true", work));
        expect(enclosed.kind).toBe("refused");
        if (enclosed.kind === "refused") {
          expect(enclosed.message).toContain(which);
          expect(enclosed.message).toMatch(/which a sandboxed command can write/);
        }
      } finally {
        await sandbox.close();
      }
    } finally {
      rmSync(which, { force: true });
    }
    expect(existsSync(hostRan) ? readFileSync(hostRan, "utf8") : "").toBe("");
  });
});
