import { spawn } from "node:child_process";
import { copyFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { busyTolerantTemporaryDirectories } from "../support/wine-temp-directories.js";
import { nativeFixture } from "./support/native-fixtures.js";
import { onWindows } from "./support/windows-host.js";

// Windows looks for a bare program name in the working directory before PATH, so a repository
// could plant the system programs shellgate starts. This plants all four in the working directory
// of a fresh node process, runs every code path that starts one, and proves none of them ran.
const PLANTED = ["reg.exe", "taskkill.exe", "powershell.exe", "wmic.exe"];
const PROBE = fileURLToPath(new URL("./fixtures/planted-tools-probe.ts", import.meta.url));

// The probe runs shellgate's TypeScript sources directly, which needs Node's type transform (22.7+);
// `.js` import specifiers are mapped to the `.ts` files beside them.
const RESOLVE_TS = `
export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); }
  catch (error) {
    if (specifier.startsWith(".") && specifier.endsWith(".js")) return next(specifier.slice(0, -3) + ".ts", context);
    throw error;
  }
}`;
const REGISTER_HOOK = `import { register } from "node:module"; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(RESOLVE_TS)}`,
)});`;

const fixture = onWindows ? nativeFixture("planted") : { missing: "not Windows" };
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const transformsTypes = major > 22 || (major === 22 && minor >= 7);
const reason =
  "missing" in fixture
    ? fixture.missing
    : transformsTypes
      ? undefined
      : `Node ${process.version} cannot run the TypeScript probe (type transforms need Node 22.7+)`;
const temporaryDirectories = busyTolerantTemporaryDirectories();
const temporaryDirectory = (): string => temporaryDirectories("shellgate-planted-");

function runProbe(cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--experimental-transform-types",
        "--no-warnings",
        "--import",
        `data:text/javascript,${encodeURIComponent(REGISTER_HOOK)}`,
        PROBE,
      ],
      { cwd, stdio: ["ignore", "pipe", "pipe"], windowsHide: true },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(reason !== undefined)(`planted system programs${reason ? ` (${reason})` : ""}`, () => {
  it("never start: resolution, listing and the tree kill use %SystemRoot% paths", {
    timeout: 90_000,
  }, async () => {
    const planted = temporaryDirectory();
    for (const name of PLANTED) copyFileSync((fixture as { path: string }).path, join(planted, name));

    const outcome = await runProbe(planted);

    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    const seen = JSON.parse(outcome.stdout) as { registry: string | null; survivors: number[] };
    // The real reg.exe answered, and the real taskkill.exe ended the tree.
    expect(seen.registry?.toLowerCase()).toMatch(/^[a-z]:\\windows$/);
    expect(seen.survivors).toEqual([]);
    expect(readdirSync(planted).filter((name) => name.endsWith(".ran"))).toEqual([]);
  });

  it("would have run by bare name (the fixture is live)", async () => {
    const planted = temporaryDirectory();
    copyFileSync((fixture as { path: string }).path, join(planted, "reg.exe"));
    await new Promise<void>((resolve, reject) => {
      const child = spawn("reg.exe", ["query", "HKLM"], { cwd: planted, stdio: "ignore", windowsHide: true });
      child.on("error", reject);
      child.on("close", () => resolve());
    });
    expect(readdirSync(planted)).toContain("reg.exe.ran");
  });
});
