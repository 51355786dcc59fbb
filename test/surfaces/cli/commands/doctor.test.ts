import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHostSnapshot } from "../../../../platforms/index.js";
import { loadHostFixtures } from "../../../hosts/host-fixtures.js";
import { type CliOutcome, runCli } from "../../../support/fake-io.js";

const repository = fileURLToPath(new URL("../../../..", import.meta.url));
let directory: string;
const nativeKinds = process.platform === "win32" ? ["gitbash", "wsl", "cygwin"] : ["bash"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-doctor-"));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const run = (args: string[]): Promise<CliOutcome> => runCli(args, { cwd: directory });

describe("shellgate doctor", () => {
  it("--capture writes a snapshot whose replay describes exactly like this machine", async () => {
    const captured = await run(["doctor", "--capture"]);
    expect(captured.code).toBe(0);
    const snapshot = parseHostSnapshot(JSON.parse(captured.out));
    expect(snapshot.platform).toBe(process.platform);
    const file = path.join(directory, "host.json");
    await writeFile(file, captured.out);
    const live = await run(["describe", "--json"]);
    const replayed = await run(["describe", "--json", "--host", file]);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toEqual(JSON.parse(live.out));
    const liveText = await run(["describe"]);
    const replayedText = await run(["describe", "--host", file]);
    expect(replayedText.out).toBe(liveText.out);
  });

  it("prints the full trace for a person filing a bug", async () => {
    const { code, out } = await run(["doctor"]);
    expect(code).toBe(0);
    expect(out).toContain(`shellgate doctor: shell resolution on ${process.platform} (this machine)`);
    expect(out).toContain(`node: ${process.version}`);
    expect(out).toMatch(/result: (bash|gitbash|wsl|cygwin) \S+/);
    expect(out).toContain("candidates, in the order considered:");
    expect(out).toMatch(/accepted {2}\S+/);
    expect(out).toContain("what the model is told:");
  });

  it("shows every rejected candidate of a recorded Windows host, and the preference", async () => {
    const fixture = loadHostFixtures().find(
      (candidate) => candidate.name === "win-override-gitbash-present",
    )!;
    const file = path.join(directory, "win.json");
    await writeFile(file, JSON.stringify(fixture.host));
    const { code, out } = await run(["doctor", "--host", file]);
    expect(code).toBe(0);
    expect(out).toContain(`(host snapshot ${file})`);
    expect(out).toContain("preference: windows_shell=gitbash (from SHELLGATE_WINDOWS_SHELL)");
    expect(out).toMatch(/rejected {2}path-lookup +C:\\Windows\\System32\\bash\.exe/);
    expect(out).toMatch(/accepted {2}registry +C:\\Program Files\\Git\\bin\\bash\.exe \[gitbash\]/);
  });

  it("reports every recorded host without error", async () => {
    for (const fixture of loadHostFixtures()) {
      const file = path.join(directory, `${fixture.name}.json`);
      const configFile = path.join(directory, `${fixture.name}.config.json`);
      await writeFile(file, JSON.stringify(fixture.host));
      await writeFile(configFile, JSON.stringify(fixture.config));
      const { code, out, err } = await run(["doctor", "--host", file, "--config", configFile]);
      expect(err, fixture.name).toBe("");
      expect(code, fixture.name).toBe(0);
      expect(out, fixture.name).toContain(
        `result: ${fixture.expect.kind === "none" ? "none" : fixture.expect.kind}`,
      );
    }
  });

  it("--json carries the resolution, the description and where the facts came from", async () => {
    const { code, out } = await run(["doctor", "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(nativeKinds).toContain(report.resolution.kind);
    expect(report.resolution.trace.length).toBeGreaterThan(0);
    expect(report.host).toEqual({ label: "this machine", node: process.version });
    expect(typeof report.description).toBe("string");
  });

  it("prints its usage on -h", async () => {
    const { code, out } = await run(["doctor", "-h"]);
    expect(code).toBe(0);
    expect(out).toContain("usage: shellgate doctor");
  });

  it("refuses --capture with --host, and unknown flags, with exit 2", async () => {
    const both = await run(["doctor", "--capture", "--host", "x.json"]);
    expect(both.code).toBe(2);
    expect(both.err).toBe(
      "shellgate doctor: --capture records this machine, so it cannot be combined with --host\n",
    );
    const unknown = await run(["doctor", "--verbose"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe("shellgate doctor: Unknown option '--verbose'\n");
  });

  const built = existsSync(path.join(repository, "dist/src/surfaces/cli/commands/describe.js"))
    ? readFileSync(path.join(repository, "dist/src/surfaces/cli/commands/describe.js"), "utf8").includes(
        "describeShell",
      )
    : false;

  it.skipIf(!built)(
    "bin/shellgate.js (after npm run build) captures and replays the same answer",
    () => {
      const bin = path.join(repository, "bin/shellgate.js");
      const capture = spawnSync(process.execPath, [bin, "doctor", "--capture"], {
        encoding: "utf8",
        cwd: directory,
      });
      expect(capture.status).toBe(0);
      const file = path.join(directory, "bin-host.json");
      writeFileSync(file, capture.stdout);
      const live = spawnSync(process.execPath, [bin, "describe", "--json"], {
        encoding: "utf8",
        cwd: directory,
      });
      const replay = spawnSync(process.execPath, [bin, "describe", "--json", "--host", file], {
        encoding: "utf8",
        cwd: directory,
      });
      expect(live.status).toBe(0);
      expect(JSON.parse(replay.stdout)).toEqual(JSON.parse(live.stdout));
      expect(nativeKinds).toContain(JSON.parse(live.stdout).resolution.kind);
      // Three CLI starts, each probing the real host (reg.exe, wsl.exe on Windows).
    },
    120_000,
  );
});
