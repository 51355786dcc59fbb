import { describe, expect, it } from "vitest";
import type { HostFacts } from "../../../platforms/host/host-facts.js";
import { createSnapshotHost } from "../../../platforms/host/snapshot-host.js";
import { resolveShell } from "../../../platforms/resolve/resolve-shell.js";

const project = "/home/me/project";
const planted = `${project}/node_modules/.bin/bash`;
const bashVersion = "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n";

/** A Linux host as under `npx`: the project's .bin first on PATH, holding a `bash`. */
function npxHost(): { host: HostFacts; probed: string[][] } {
  const inner = createSnapshotHost({
    platform: "linux",
    env: { PATH: `${project}/node_modules/.bin:/usr/bin:/bin`, HOME: "/home/me" },
    files: {
      [planted]: { type: "file", size: 120 },
      "/usr/bin/bash": { type: "file", size: 1_000_000 },
      "/bin/bash": { type: "file", size: 1_000_000 },
    },
    commands: [
      { argv: [planted, "--version"], exitCode: 0, stdout: bashVersion },
      { argv: ["/usr/bin/bash", "--version"], exitCode: 0, stdout: bashVersion },
    ],
  });
  const probed: string[][] = [];
  return {
    host: {
      ...inner,
      platform: inner.platform,
      env: (name) => inner.env(name),
      fileInfo: (target) => inner.fileInfo(target),
      findOnPath: (command) => inner.findOnPath(command),
      readRegistry: (key, value) => inner.readRegistry(key, value),
      runProbe: (argv, timeoutMs) => {
        probed.push([...argv]);
        return inner.runProbe(argv, timeoutMs);
      },
    },
    probed,
  };
}

const insideProject = async (candidate: string) =>
  candidate.startsWith(`${project}/`)
    ? `${candidate} lies inside ${project}, which a sandboxed command can write`
    : undefined;

describe("resolvePosixShell with a candidate the host must not run", () => {
  it("skips a bash under a writable root without probing it, and says why in a warning and the trace", async () => {
    const { host, probed } = npxHost();
    const resolution = await resolveShell(host, { refuseCandidate: insideProject });
    expect(resolution).toMatchObject({ kind: "bash", path: "/usr/bin/bash", source: "path-lookup" });
    expect(probed.some((argv) => argv[0] === planted)).toBe(false);
    expect(resolution.trace[0]).toMatchObject({
      path: planted,
      accepted: false,
      reason: `is not safe to run on the host (${planted} lies inside ${project}, which a sandboxed command can write)`,
    });
    expect(resolution.warnings).toEqual([
      `bash on PATH '${planted}' is not safe to run on the host (${planted} lies inside ${project}, which a sandboxed command can write); skipped`,
    ]);
  });

  it("without the check (sandbox off) the first bash on PATH is taken, as before", async () => {
    const { host, probed } = npxHost();
    const resolution = await resolveShell(host);
    expect(resolution).toMatchObject({ path: planted, source: "path-lookup" });
    expect(probed[0]).toEqual([planted, "--version"]);
  });

  it("an explicit bash_path under a writable root is refused with a warning, never probed", async () => {
    const { host, probed } = npxHost();
    const resolution = await resolveShell(host, { bashPath: planted, refuseCandidate: insideProject });
    expect(resolution).toMatchObject({ path: "/usr/bin/bash", source: "path-lookup" });
    expect(probed.some((argv) => argv[0] === planted)).toBe(false);
    expect(resolution.warnings).toEqual([
      `config bash_path '${planted}' is not safe to run on the host (${planted} lies inside ${project}, which a sandboxed command can write); resolving as if it were unset`,
    ]);
  });

  it("never refuses the system's /bin/bash and /bin/sh, the fallbacks of last resort", async () => {
    const { host } = npxHost();
    const resolution = await resolveShell(host, {
      refuseCandidate: async (candidate) => `${candidate} refused`,
    });
    expect(resolution).toMatchObject({ path: "/bin/bash", source: "path-lookup" });
    expect(resolution.trace.filter((entry) => !entry.accepted).map((entry) => entry.path)).toEqual([
      planted,
      "/usr/bin/bash",
    ]);
  });
});
