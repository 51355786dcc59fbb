import { describe, expect, it } from "vitest";
import { createSnapshotHost, describeShell, resolveShell } from "../../../platforms/index.js";
import { loadHostFixtures } from "../../hosts/host-fixtures.js";

// What matters most per Windows shell must survive the 600-character cap on every recorded host,
// long install paths included (the cap used to drop the MSYS path-conversion warning every time).
const MUST_SAY: Partial<Record<string, readonly string[]>> = {
  gitbash: ["/c/Users/me/p", "MSYS_NO_PATHCONV=1", "env values that look like /paths", "cmd //c", "$HOME is"],
  cygwin: ["/cygdrive/c/", "cygpath -w", "$HOME is"],
  wsl: ["/mnt/c/", "~/.profile", "*.exe"],
};

describe("the shell paragraph on every recorded Windows host", () => {
  const windowsHosts = loadHostFixtures().filter((fixture) => MUST_SAY[fixture.expect.kind] !== undefined);

  it.each(windowsHosts.map((fixture) => [fixture.name, fixture] as const))("%s", async (_name, fixture) => {
    const resolution = await resolveShell(createSnapshotHost(fixture.host as never), {
      ...(fixture.config.windows_shell === undefined ? {} : { windowsShell: fixture.config.windows_shell }),
      ...(fixture.config.bash_path === undefined ? {} : { bashPath: fixture.config.bash_path }),
    });
    const text = describeShell(resolution);
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text).not.toContain("…");
    for (const part of MUST_SAY[resolution.kind] ?? []) expect(text).toContain(part);
    if (resolution.kind === "gitbash" && resolution.flavor !== "msys2")
      expect(text).toContain("/tmp is %TEMP%");
  });
});
