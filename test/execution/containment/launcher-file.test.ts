import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findLauncher } from "../../../src/execution/containment/launcher-file.js";

const manifest = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  files: string[];
};

// The binary is checked against its source by scripts/build-launcher.sh --check (run by the Wine
// script in .ci/run); here: it is found, shipped, and is what Windows x64 runs as a console program.
describe("the committed Windows launcher", () => {
  it("is found from the source tree and listed in the package files", () => {
    const launcher = findLauncher();
    expect(launcher).toMatch(/native[\\/]windows[\\/]shellgate-launch-x64\.exe$/);
    expect(manifest.files).toContain("native/windows/shellgate-launch-x64.exe");
  });

  it("is an x64 console executable that imports kernel32 only", () => {
    const image = readFileSync(findLauncher() as string);
    expect(image.subarray(0, 2).toString("latin1")).toBe("MZ");
    const header = image.readUInt32LE(0x3c);
    expect(image.subarray(header, header + 4).toString("latin1")).toBe("PE\0\0");
    expect(image.readUInt16LE(header + 4)).toBe(0x8664); // IMAGE_FILE_MACHINE_AMD64
    const optional = header + 24;
    expect(image.readUInt16LE(optional)).toBe(0x20b); // PE32+
    expect(image.readUInt16LE(optional + 68)).toBe(3); // IMAGE_SUBSYSTEM_WINDOWS_CUI
    const dllNames = image.toString("latin1").match(/[A-Za-z0-9_-]+\.dll/gi) ?? [];
    expect(new Set(dllNames.map((name) => name.toLowerCase()))).toEqual(new Set(["kernel32.dll"]));
    expect(image.length).toBeLessThan(16_384);
  });
});
