import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { koffiPackage, loadKernel32 } from "../../../src/execution/windows/kernel32.js";

// Job Objects and the host code pages go through koffi's native module, which shellgate takes from
// the per-architecture packages @koromix/koffi-win32-<arch> rather than `koffi`: those have no
// install script and npm installs them on Windows only (the done-when of issue 25: a fresh install
// prints no install-script warning).
const manifest = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL("../../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { optional?: boolean; os?: string[]; cpu?: string[]; hasInstallScript?: boolean }>;
};

describe("koffi's Windows binaries, without koffi", () => {
  it("depends on one optional package per Windows architecture, each locked for Windows and that CPU without install scripts", () => {
    expect(manifest.dependencies).not.toHaveProperty("koffi");
    for (const arch of ["x64", "arm64", "ia32"]) {
      expect(manifest.optionalDependencies).toHaveProperty(koffiPackage(arch));
      const entry = lock.packages[`node_modules/${koffiPackage(arch)}`];
      expect(entry).toMatchObject({ optional: true, os: ["win32"], cpu: [arch] });
      expect(entry?.hasInstallScript).toBeUndefined();
    }
    expect(lock.packages["node_modules/koffi"]).toBeUndefined();
  });

  it.runIf(process.platform === "win32")("binds kernel32 through the package for this architecture", () => {
    const GetCurrentProcessId = loadKernel32().func("uint32_t __stdcall GetCurrentProcessId()");
    expect(GetCurrentProcessId()).toBe(process.pid);
  });
});
