import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { shellCandidateCheck } from "../../../src/execution/sandbox/index.js";
import { runCli } from "../../support/fake-io.js";

let root: string;
let project: string;
let planted: string;
let hostRan: string;

/** Under npx the project's .bin comes first; nothing of the caller's environment (SHELLGATE_SANDBOX) leaks in. */
const npxEnvironment = (): NodeJS.ProcessEnv => ({
  PATH: `${path.dirname(planted)}:/usr/bin:/bin`,
  HOME: root,
});

const ranOnHost = () => (existsSync(hostRan) ? readFileSync(hostRan, "utf8") : "");

const settings = (mode: "auto" | "off") => ({ mode, allowed_domains: [] });
const context = () => ({ platform: process.platform, cwd: project, home: root, tempDirectory: os.tmpdir() });

describe.skipIf(process.platform === "win32")("a shell a sandboxed command could have planted (real)", () => {
  beforeAll(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "shellgate-shell-trust-")));
    project = path.join(root, "project");
    planted = path.join(project, "node_modules", ".bin", "bash");
    hostRan = path.join(root, "host-ran.txt");
    mkdirSync(path.dirname(planted), { recursive: true });
    // What a sandboxed command could leave there: it passes for bash and records that the host ran it.
    writeFileSync(
      planted,
      `#!/bin/sh\necho "bash $*" >> ${hostRan}\necho "GNU bash, version 5.2.15(1)-release"\n`,
    );
    chmodSync(planted, 0o755);
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("is refused by the sandbox's check, naming the writable root; the system's bash is not", async () => {
    const check = shellCandidateCheck({ settings: settings("auto"), context: context() });
    expect(await check?.(planted)).toBe(
      `${planted} lies inside ${project}, which a sandboxed command can write`,
    );
    expect(await check?.(realpathSync("/bin/bash"))).toBeUndefined();
    expect(shellCandidateCheck({ settings: settings("off"), context: context() })).toBeUndefined();
  });

  it("is never run on the host by an instance with the sandbox on, which resolves the system's bash", async () => {
    const shellgate = await createShellgate(
      { sandbox: { mode: "auto" } },
      { cwd: project, env: npxEnvironment() },
    );
    try {
      expect(shellgate.shell.kind).toBe("bash");
      expect(shellgate.shell.path).not.toBe(planted);
      expect(shellgate.shell.trace[0]).toMatchObject({ path: planted, accepted: false });
      expect(shellgate.shell.warnings).toContainEqual(
        expect.stringMatching(/^bash on PATH '.*' is not safe to run on the host \(.*\); skipped$/),
      );
    } finally {
      await shellgate.close();
    }
    expect(ranOnHost()).toBe("");
  });

  it("is never run by `shellgate describe` either, which reports the shell `run` would use", async () => {
    writeFileSync(path.join(project, "shellgate.config.json"), JSON.stringify({ sandbox: { mode: "auto" } }));
    try {
      const { code, out, err } = await runCli(["describe", "--json"], {
        cwd: project,
        env: npxEnvironment(),
      });
      expect(err).toBe("");
      expect(code).toBe(0);
      const { resolution } = JSON.parse(out) as { resolution: { path: string } };
      expect(resolution.path).not.toBe(planted);
    } finally {
      rmSync(path.join(project, "shellgate.config.json"));
    }
    expect(ranOnHost()).toBe("");
  });

  it("with the sandbox off commands run on the host anyway, and the first bash on PATH is taken as before", async () => {
    const shellgate = await createShellgate(
      { sandbox: { mode: "off" } },
      { cwd: project, env: npxEnvironment() },
    );
    try {
      expect(shellgate.shell.path).toBe(planted);
    } finally {
      await shellgate.close();
    }
    rmSync(hostRan, { force: true });
  });
});
