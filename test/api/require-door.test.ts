import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `require("shellgate")` goes through cjs/index.cjs. Where Node cannot require() an ES module
// (before 20.19 and 22.12, or with --no-experimental-require-module) it must say what to do in one
// message, not Node's generic ERR_REQUIRE_ESM. The door is tried on a stand-in package, so the
// test needs no build: the same layout, an ES module where the bundle would be.
const door = fileURLToPath(new URL("../../cjs/index.cjs", import.meta.url));
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "shellgate-require-"));
  mkdirSync(path.join(root, "cjs"));
  mkdirSync(path.join(root, "dist", "bundle"), { recursive: true });
  copyFileSync(door, path.join(root, "cjs", "index.cjs"));
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "stand-in", type: "module" }));
  writeFileSync(path.join(root, "dist", "bundle", "index.js"), "export const answer = 42;\n");
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function requireDoor(nodeFlags: string[]) {
  const script = `try { console.log(JSON.stringify(require(${JSON.stringify(path.join(root, "cjs", "index.cjs"))}).answer)); } catch (error) { console.log("ERROR " + error.message); }`;
  return spawnSync(process.execPath, [...nodeFlags, "-e", script], { encoding: "utf8" }).stdout.trim();
}

describe('require("shellgate")', () => {
  it("says how to load shellgate on a Node that cannot require() an ES module", () => {
    // A Node with require(esm) is made to behave like one without it; an older one already does.
    const output = requireDoor(process.features.require_module ? ["--no-experimental-require-module"] : []);
    expect(output).toBe(
      `ERROR shellgate is an ES module and this Node.js (${process.version}) cannot require() one: ` +
        'use `const shellgate = await import("shellgate")`, or run Node.js 20.19+ or 22.12+, where require() of it works.',
    );
  });

  it.skipIf(!process.features.require_module)("loads the module where require(esm) works", () => {
    expect(requireDoor([])).toBe("42");
  });
});
