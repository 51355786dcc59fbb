import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const script = join(repositoryRoot, "scripts/lint-workflows.mjs");
const realWorkflow = readFileSync(join(repositoryRoot, ".github/workflows/ci.yml"), "utf8");

function lintWorkflows(...targets: string[]) {
  const result = spawnSync(process.execPath, [script, ...targets], {
    cwd: repositoryRoot,
    encoding: "utf8",
    timeout: 25_000,
  });
  return { exitCode: result.status, stdout: result.stdout, stderr: result.stderr };
}

const temporaryDirectories: string[] = [];
function workflowDirectoryWith(content: string): string {
  const directory = mkdtempSync(join(tmpdir(), "shellgate-lint-workflows-"));
  temporaryDirectories.push(directory);
  writeFileSync(join(directory, "ci.yml"), content);
  return directory;
}

afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("scripts/lint-workflows.mjs", () => {
  it("passes the committed workflows", () => {
    const result = lintWorkflows();
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^lint:workflows: 1 file\(s\), no findings$/m);
    expect(result.exitCode).toBe(0);
  });

  it("fails on a typo in a matrix key, naming file, line and column", () => {
    // The matrix key is misspelt while the steps still use matrix.node-version.
    const broken = realWorkflow.replace(
      "        node-version: [20, 22, 24]",
      "        node-verison: [20, 22, 24]",
    );
    expect(broken).not.toBe(realWorkflow);
    const directory = workflowDirectoryWith(broken);

    const result = lintWorkflows(directory);

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /ci\.yml:\d+:\d+: property "node-version" is not defined in object type \{node-verison: number; os: string\}/,
    );
    expect(result.stderr).toMatch(/finding\(s\) in 1 file\(s\)/);
  });

  it("fails on a misspelt matrix reference", () => {
    const broken = realWorkflow.replace(
      "matrix.node-version }}\n          cache",
      "matrix.nodeversion }}\n          cache",
    );
    expect(broken).not.toBe(realWorkflow);
    const result = lintWorkflows(workflowDirectoryWith(broken));
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/ci\.yml:\d+:\d+: property "nodeversion" is not defined/);
  });

  it("reports a finding in a path with backslashes instead of crashing (every Windows path)", () => {
    const broken = realWorkflow.replace(
      "matrix.node-version }}\n          cache",
      "matrix.nodeversion }}\n          cache",
    );
    // On POSIX a backslash can be part of a directory name; on Windows every separator is one.
    const parent = workflowDirectoryWith("");
    const directory = join(parent, process.platform === "win32" ? "nested" : "back\\slash");
    mkdirSync(directory);
    writeFileSync(join(directory, "ci.yml"), broken);

    const result = lintWorkflows(directory);

    expect(result.stderr).not.toMatch(/Error:/);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/ci\.yml:\d+:\d+: property "nodeversion" is not defined/);
  });

  it("refuses to report success when there is nothing to lint", () => {
    const directory = mkdtempSync(join(tmpdir(), "shellgate-lint-workflows-empty-"));
    temporaryDirectories.push(directory);
    const result = lintWorkflows(directory);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("no workflow files found");
  });
});
