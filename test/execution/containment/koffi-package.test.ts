import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// Job Objects go through koffi. Its only install script (`cnoke --prebuild`) checks that the
// prebuilt binary loads and builds from source only if it does not; the binaries ship in the npm
// packages @koromix/koffi-<platform>-<arch>. npm here runs no install scripts, so these tests run
// on an install where that script never ran.
const require = createRequire(import.meta.url);
const lock = JSON.parse(readFileSync(new URL("../../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { optional?: boolean; os?: string[]; hasInstallScript?: boolean }>;
};

describe("koffi from a fresh install with scripts disabled", () => {
  it("has an install script that only verifies (or rebuilds) the prebuilt binary", () => {
    const manifest = JSON.parse(
      readFileSync(new URL("../../../node_modules/koffi/package.json", import.meta.url), "utf8"),
    ) as { scripts?: Record<string, string> };
    expect(Object.keys(manifest.scripts ?? {})).toEqual(["install"]);
    expect(manifest.scripts?.install).toMatch(/cnoke\.cjs .*--prebuild/);
  });

  it("loads its prebuilt binary without that script having run", () => {
    const koffi = require("koffi") as { version: string; sizeof(type: string): number };
    expect(koffi.sizeof("void *")).toBeGreaterThan(0);
  });

  it("locks the Windows binaries as optional per-platform packages without install scripts", () => {
    for (const arch of ["x64", "arm64", "ia32"]) {
      const entry = lock.packages[`node_modules/@koromix/koffi-win32-${arch}`];
      expect(entry).toMatchObject({ optional: true, os: ["win32"] });
      expect(entry?.hasInstallScript).toBeUndefined();
    }
  });
});
