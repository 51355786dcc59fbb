import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  HOMEBRIDGE,
  LYDELL,
  loadFirstWorking,
  loadPty,
  PTY_NOT_INSTALLED,
  PTY_PACKAGE,
} from "../../../src/execution/launch/pty-loader.js";
import { skipUnderWine } from "../../support/platform.js";

describe("pty loader", () => {
  it("loads the optional package lazily", async (context) => {
    skipUnderWine(context, "no-conpty");
    const pty = await loadPty();
    expect(typeof pty?.spawn).toBe("function");
  });

  it("answers null when the import fails or gives no spawn", async () => {
    const missing = () => Promise.reject(new Error("Cannot find package"));
    await expect(loadPty(missing)).resolves.toBeNull();
    await expect(loadPty(async () => ({ something: "else" }))).resolves.toBeNull();
  });
});

describe("pty loader probes", () => {
  it("tries @lydell/node-pty (no install script) first on every platform, then a host-installed @homebridge", () => {
    expect(PTY_PACKAGE).toBe("@lydell/node-pty");
    expect(PTY_NOT_INSTALLED).toContain(
      "neither @lydell/node-pty (shellgate's optional dependency) nor @homebridge/node-pty-prebuilt-multiarch",
    );
  });

  it("skips a package whose native binary does not load, and takes the next", async () => {
    const broken = {
      name: "@homebridge/node-pty-prebuilt-multiarch",
      probe: () => {
        throw new Error("no native conpty.node (its install script did not run)");
      },
    };
    const working = { name: "@homebridge/node-pty-prebuilt-multiarch", probe: () => undefined };
    await expect(loadFirstWorking([broken])).resolves.toBeNull();
    expect(typeof (await loadFirstWorking([broken, working]))?.spawn).toBe("function");
  });

  // Under Wine the node_modules are Linux's: npm installed no win32 binary package there.
  it.skipIf(process.env.SHELLGATE_UNDER_WINE === "1")("finds the native binaries on this host", () => {
    const require = createRequire(import.meta.url);
    expect(() => LYDELL.probe(require)).not.toThrow();
    if (process.platform === "linux") expect(() => HOMEBRIDGE.probe(require)).not.toThrow();
  });
});
