import { describe, expect, it } from "vitest";
import { createCapturingHost } from "../../../platforms/host/capturing-host.js";
import type { HostFacts } from "../../../platforms/host/host-facts.js";
import { createRealHost } from "../../../platforms/host/real-host.js";
import { createSnapshotHost } from "../../../platforms/host/snapshot-host.js";
import { parseHostSnapshot } from "../../../platforms/host/snapshot-schema.js";
import { resolveShell } from "../../../platforms/resolve/resolve-shell.js";

describe("createCapturingHost", () => {
  it("records this machine so that a replay resolves exactly the same", async () => {
    const real = await resolveShell(createRealHost());
    const capturing = createCapturingHost(createRealHost());
    const captured = await resolveShell(capturing.host);
    const snapshot = parseHostSnapshot(JSON.parse(JSON.stringify(capturing.snapshot())));
    const replayed = await resolveShell(createSnapshotHost(snapshot));
    expect(captured).toEqual(real);
    expect(replayed).toEqual(real);
    expect(snapshot.env.PATH).toBe(process.env.PATH);
    expect(snapshot.pathLookups?.bash?.length).toBeGreaterThan(0);
  });

  it("records only facts that exist, and encodes UTF-16LE and binary output faithfully", async () => {
    const utf16 = new Uint8Array(Buffer.from("Ubuntu\r\n", "utf16le"));
    const binary = new Uint8Array([0xff, 0x00, 0xfe]);
    const inner: HostFacts = {
      platform: "win32",
      env: (name) => (name === "SystemRoot" ? "C:\\Windows" : undefined),
      fileInfo: async (target) => (target === "C:\\a.exe" ? { type: "file", size: 3 } : null),
      findOnPath: async () => [],
      readRegistry: async () => null,
      runProbe: async (argv) =>
        argv[0] === "missing"
          ? { outcome: "not-found", exitCode: null, stdout: new Uint8Array() }
          : { outcome: "exited", exitCode: 0, stdout: argv[0] === "wsl" ? utf16 : binary },
    };
    const { host, snapshot } = createCapturingHost(inner);
    host.env("SystemRoot");
    host.env("UNSET");
    await host.fileInfo("C:\\a.exe");
    await host.fileInfo("C:\\b.exe");
    await host.findOnPath("bash");
    await host.readRegistry("HKLM\\Software\\GitForWindows", "InstallPath");
    await host.runProbe(["wsl", "-l", "-q"], 100);
    await host.runProbe(["odd"], 100);
    await host.runProbe(["missing"], 100);
    const recorded = snapshot();
    expect(recorded.env).toEqual({ SystemRoot: "C:\\Windows" });
    expect(recorded.files).toEqual({ "C:\\a.exe": { type: "file", size: 3 } });
    expect(recorded.registry).toEqual({});
    expect(recorded.pathLookups).toEqual({ bash: [] });
    expect(recorded.commands).toEqual([
      { argv: ["wsl", "-l", "-q"], exitCode: 0, stdout: "Ubuntu\r\n", stdoutEncoding: "utf16le" },
      {
        argv: ["odd"],
        exitCode: 0,
        stdout: Buffer.from(binary).toString("base64"),
        stdoutEncoding: "base64",
      },
    ]);
    const replay = createSnapshotHost(recorded);
    expect([...(await replay.runProbe(["odd"], 100)).stdout]).toEqual([...binary]);
    expect([...(await replay.runProbe(["wsl", "-l", "-q"], 100)).stdout]).toEqual([...utf16]);
  });
});
