import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { instanceTemp, ownerPid, sweepDeadInstances } from "../../../src/execution/sandbox/instance-temp.js";

const posix = process.platform !== "win32";
let base: string;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "shellgate-instance-temp-"));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe.runIf(posix)("instanceTemp", () => {
  it("makes an unguessable private directory on first use and removes it", () => {
    const temp = instanceTemp(base);
    expect(ownerPid(path.basename(temp.path))).toBe(process.pid);
    expect(existsSync(temp.path)).toBe(false);
    temp.ensure();
    temp.ensure();
    expect(statSync(temp.path).mode & 0o777).toBe(0o700);
    temp.remove();
    expect(existsSync(temp.path)).toBe(false);
  });

  it("refuses a name something else already holds (a link another user planted), never shares it", () => {
    const fixed = () => Buffer.alloc(12, 7);
    const planted = instanceTemp(base, fixed).path;
    symlinkSync(base, planted);
    expect(() => instanceTemp(base, fixed).ensure()).toThrow();
  });

  it("sweeps the directories of dead instances, and only those", () => {
    const dead = path.join(base, `shellgate-sandbox-999999-${"a".repeat(24)}`);
    const live = path.join(base, `shellgate-sandbox-${process.ppid}-${"b".repeat(24)}`);
    const other = path.join(base, "shellgate-sandbox-notours");
    for (const directory of [dead, live, other]) mkdirSync(directory);
    sweepDeadInstances(base, (pid) => pid !== 999999);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
