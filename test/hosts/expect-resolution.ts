import { expect } from "vitest";
import type { ShellResolution } from "../../platforms/index.js";
import type { HostFixture } from "./host-fixtures.js";

/** Asserts a resolution against a recorded host's `expect` block. */
export function expectResolutionMatches(resolution: ShellResolution, fixture: HostFixture): void {
  const { expect: wanted } = fixture;
  expect({ kind: resolution.kind, path: resolution.path, source: resolution.source }).toEqual({
    kind: wanted.kind,
    path: wanted.path,
    source: wanted.source,
  });
  for (const key of ["distro", "version", "flavor", "home"] as const) {
    if (wanted[key] !== undefined) expect(resolution[key], key).toBe(wanted[key]);
  }
  expect(resolution.warnings).toHaveLength(wanted.warnings.length);
  wanted.warnings.forEach((warning, index) => {
    expect(resolution.warnings[index]).toContain(warning);
  });
}
