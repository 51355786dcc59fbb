import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The matrix is the only proof that Windows and macOS behaviour is exercised at all; these
// assertions stop it from silently shrinking (a dropped OS would still leave CI green).
const workflowFile = new URL("../../.github/workflows/ci.yml", import.meta.url);

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly if?: string;
}

interface Job {
  readonly "runs-on": string;
  readonly "timeout-minutes"?: number;
  readonly strategy: { readonly "fail-fast"?: boolean; readonly matrix: Record<string, unknown[]> };
  readonly steps: readonly Step[];
}

interface Workflow {
  readonly concurrency?: { readonly group?: string; readonly "cancel-in-progress"?: boolean };
  readonly jobs: Record<string, Job>;
}

// GitHub expression syntax, built so it is not mistaken for a forgotten template literal.
const expression = (inner: string): string => ["$", "{{ ", inner, " }}"].join("");

const workflow = parse(readFileSync(workflowFile, "utf8")) as Workflow;
const job = workflow.jobs.test!;

describe("ci.yml", () => {
  it("runs on three operating systems × three Node versions", () => {
    expect(job.strategy.matrix.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
    expect(job.strategy.matrix["node-version"]).toEqual([20, 22, 24]);
    expect(job["runs-on"]).toBe(expression("matrix.os"));
    // include/exclude could shrink the matrix behind the lists' back.
    expect(Object.keys(job.strategy.matrix).sort()).toEqual(["node-version", "os"]);
  });

  it("lets every cell finish, with a job timeout", () => {
    expect(job.strategy["fail-fast"]).toBe(false);
    expect(job["timeout-minutes"]).toBeGreaterThan(0);
    expect(job["timeout-minutes"]).toBeLessThanOrEqual(60);
  });

  it("cancels stale runs of the same ref", () => {
    expect(workflow.concurrency?.["cancel-in-progress"]).toBe(true);
    expect(workflow.concurrency?.group).toContain("github.ref");
  });

  it("turns autocrlf off before checkout and caches npm", () => {
    const checkoutIndex = job.steps.findIndex((step) => step.uses?.startsWith("actions/checkout@"));
    const lineEndingIndex = job.steps.findIndex((step) => step.run?.includes("core.autocrlf false"));
    expect(lineEndingIndex).toBeGreaterThanOrEqual(0);
    expect(lineEndingIndex).toBeLessThan(checkoutIndex);
    const setupNode = job.steps.find((step) => step.uses?.startsWith("actions/setup-node@"));
    expect(setupNode?.with).toEqual({ "node-version": expression("matrix.node-version"), cache: "npm" });
  });

  it("installs, builds, lints and tests, in that order", () => {
    const commands = job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run.trim()]));
    const order = ["npm ci", "npm run build", "npm run lint", "npm test"].map((command) =>
      commands.findIndex((run) => run === command || run.startsWith(`${command} `)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("captures every runner as a host snapshot and uploads it, even when tests fail", () => {
    const captureIndex = job.steps.findIndex((step) => step.run?.includes("scripts/capture-host.mjs"));
    const buildIndex = job.steps.findIndex((step) => step.run?.trim() === "npm run build");
    const testIndex = job.steps.findIndex((step) => step.run?.trim() === "npm test");
    expect(captureIndex).toBeGreaterThan(buildIndex);
    expect(captureIndex).toBeLessThan(testIndex);
    const capture = job.steps[captureIndex]!.run!;
    const file = /capture-host\.mjs (\S+)/.exec(capture)?.[1];
    const upload = job.steps.find((step) => step.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.if).toBe("always()");
    expect(upload?.with?.path).toBe(file);
    // One artifact per cell: names must differ across the matrix.
    expect(String(upload?.with?.name)).toContain(expression("matrix.os"));
    expect(String(upload?.with?.name)).toContain(expression("matrix.node-version"));
  });

  it("reads the Job Object limits back on Windows runners, after the build and whatever the tests said", () => {
    const checkIndex = job.steps.findIndex(
      (step) => step.run?.trim() === "node scripts/check-job-limits.mjs",
    );
    const buildIndex = job.steps.findIndex((step) => step.run?.trim() === "npm run build");
    expect(checkIndex).toBeGreaterThan(buildIndex);
    expect(job.steps[checkIndex]?.if).toBe(expression("!cancelled() && runner.os == 'Windows'"));
  });
});
