import { describe, expect, it } from "vitest";
import {
  createSnapshotHost,
  describeShell,
  parseHostSnapshot,
  resolveShell,
} from "../../../platforms/index.js";
import { expectResolutionMatches } from "../../hosts/expect-resolution.js";
import { loadHostFixtures } from "../../hosts/host-fixtures.js";

const fixtures = loadHostFixtures();

describe("recorded hosts", () => {
  it("has at least 15 hosts, and every one is a valid snapshot", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
    for (const fixture of fixtures) expect(() => parseHostSnapshot(fixture.host)).not.toThrow();
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
    "%s resolves as recorded",
    async (_, fixture) => {
      const resolution = await resolveShell(createSnapshotHost(parseHostSnapshot(fixture.host)), {
        windowsShell: fixture.config.windows_shell,
        bashPath: fixture.config.bash_path,
      });
      expectResolutionMatches(resolution, fixture);
      // The trace explains the answer: exactly the chosen candidate is accepted, and it is the result.
      const accepted = resolution.trace.filter((candidate) => candidate.accepted);
      if (resolution.kind === "none") expect(accepted).toEqual([]);
      else expect(accepted.map((candidate) => candidate.rule)).toEqual([resolution.source]);
      expect(resolution.trace.every((candidate) => candidate.reason.length > 0)).toBe(true);
      const text = describeShell(resolution);
      expect(text.length).toBeLessThanOrEqual(600);
      if (resolution.path) expect(text).toContain(resolution.path);
    },
  );
});
