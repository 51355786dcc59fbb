import { describe, expect, it } from "vitest";
import { formatDoctorReport } from "../../../platforms/describe/format-report.js";
import { createSnapshotHost } from "../../../platforms/host/snapshot-host.js";
import { parseHostSnapshot } from "../../../platforms/host/snapshot-schema.js";
import { resolveShell } from "../../../platforms/resolve/resolve-shell.js";
import { loadHostFixtures } from "../../hosts/host-fixtures.js";

// A WSL probed right after boot (test/hosts/win-wsl-cold-start.json): `wsl.exe -l -q` took 4.2 s
// and the first `--exec` 7.3 s. The recorded durations replay: a probe whose timeout is shorter
// than its recorded time times out, as it would have on that machine.
function recorded(name: string) {
  const fixture = loadHostFixtures().find((candidate) => candidate.name === name);
  if (!fixture) throw new Error(`no recorded host ${name}`);
  return { host: parseHostSnapshot(fixture.host) };
}
const cold = recorded("win-wsl-cold-start");
const warm = recorded("win-override-wsl-present");

describe("WSL probed from a cold start", () => {
  it("is found with the default timeouts, and the resolution says the start was cold", async () => {
    const resolution = await resolveShell(createSnapshotHost(cold.host), { windowsShell: "wsl" });
    expect(resolution).toMatchObject({ kind: "wsl", distro: "Ubuntu", version: "5.2.21(1)-release" });
    expect(resolution.wslStart).toEqual({ durationMs: 11_500, cold: true });
  });

  it("was rejected as timed out by the former 3 s probe timeout", async () => {
    const resolution = await resolveShell(createSnapshotHost(cold.host), {
      windowsShell: "wsl",
      probeTimeoutMs: 3000,
    });
    expect(resolution.kind).not.toBe("wsl");
    expect(resolution.trace.find((candidate) => candidate.rule === "wsl")?.reason).toMatch(
      /timed out after 3000 ms/,
    );
  });

  it("doctor says when the start was cold, and when it was warm", async () => {
    const resolution = await resolveShell(createSnapshotHost(cold.host), { windowsShell: "wsl" });
    const report = formatDoctorReport(resolution, "", { hostLabel: "host snapshot" });
    expect(report).toContain("wsl start: cold — WSL took 11.5 s to answer its probes");
    const quick = parseHostSnapshot({
      ...warm.host,
      commands: warm.host.commands.map((command) => ({ ...command, durationMs: 180 })),
    });
    const warmResolution = await resolveShell(createSnapshotHost(quick), { windowsShell: "wsl" });
    expect(warmResolution.wslStart).toEqual({ durationMs: 360, cold: false });
    expect(formatDoctorReport(warmResolution, "", { hostLabel: "x" })).toContain(
      "wsl start: warm — WSL answered its probes in 0.4 s",
    );
  });

  it("a host whose probes were not timed says nothing about the start", async () => {
    const resolution = await resolveShell(createSnapshotHost(warm.host), { windowsShell: "wsl" });
    expect(resolution.kind).toBe("wsl");
    expect(resolution).not.toHaveProperty("wslStart");
  });
});
