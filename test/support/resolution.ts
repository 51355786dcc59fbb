import type { ShellResolution } from "../../platforms/index.js";

/** A resolved shell for tests: POSIX bash at /bin/bash unless the overrides say otherwise. */
export function testResolution(overrides: Partial<ShellResolution> = {}): ShellResolution {
  return {
    platform: "linux",
    kind: "bash",
    path: "/bin/bash",
    source: "test",
    warnings: [],
    trace: [],
    ...overrides,
  };
}
