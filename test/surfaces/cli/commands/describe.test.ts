import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../../platforms/index.js";
import { expectResolutionMatches } from "../../../hosts/expect-resolution.js";
import { loadHostFixtures } from "../../../hosts/host-fixtures.js";
import { type CliOutcome, runCli } from "../../../support/fake-io.js";

let directory: string;
// On Linux and macOS this machine's shell is bash; the Windows CI runner has Git Bash first on PATH.
const nativeKinds = process.platform === "win32" ? ["gitbash", "wsl", "cygwin"] : ["bash"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-describe-"));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const run = (args: string[]): Promise<CliOutcome> => runCli(args, { cwd: directory });

async function writeJson(name: string, value: unknown): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

describe("shellgate describe", () => {
  it("resolves this machine's bash for real (--json)", async () => {
    const { code, out, err } = await run(["describe", "--json"]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const { resolution, description } = JSON.parse(out) as {
      resolution: ShellResolution;
      description: string;
    };
    expect(nativeKinds).toContain(resolution.kind);
    expect(resolution.version).toMatch(/^\d+\.\d+/);
    expect(description).toContain(resolution.path);
    expect(description.length).toBeLessThanOrEqual(600);
  });

  it("prints the shell, its source and the description as text", async () => {
    const { code, out } = await run(["describe"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^shell: (bash|gitbash|wsl|cygwin) .*bash.*, bash \d/);
    expect(out).toContain("\nsource: ");
    expect(out).toContain("Commands run in ");
  });

  it.each(loadHostFixtures().map((fixture) => [fixture.name, fixture] as const))(
    "resolves recorded host %s through --host",
    async (name, fixture) => {
      const hostFile = await writeJson(`${name}.host.json`, fixture.host);
      const configFile = await writeJson(`${name}.config.json`, fixture.config);
      const { code, out, err } = await run([
        "describe",
        "--json",
        "--host",
        hostFile,
        "--config",
        configFile,
      ]);
      expect(err).toBe("");
      expect(code).toBe(0);
      expectResolutionMatches((JSON.parse(out) as { resolution: ShellResolution }).resolution, fixture);
    },
  );

  it("prints its usage on --help", async () => {
    const { code, out } = await run(["describe", "--help"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: shellgate describe \[--json\] \[--host FILE\] \[--config FILE\]\n/);
  });

  it("reports an unknown windows_shell as a warning, not an error", async () => {
    const configFile = await writeJson("bad-shell.json", { windows_shell: "powershell" });
    const { code, out } = await run(["describe", "--config", configFile]);
    expect(code).toBe(0);
    expect(out).toContain(
      "warning: config windows_shell is 'powershell', which is not one of auto, wsl, gitbash",
    );
  });

  it.each([
    [["describe", "--frobnicate"], /^shellgate describe: Unknown option '--frobnicate'\n$/],
    [["describe", "extra"], /^shellgate describe: unexpected argument 'extra'\n$/],
    [["describe", "--host"], /^shellgate describe: Option '--host <value>' argument missing\n$/],
    [
      ["describe", "--host", "missing/host.json"],
      /^shellgate describe: cannot read host snapshot .*host\.json: ENOENT\n$/,
    ],
  ])("rejects %j with one line and exit 2", async (args, message) => {
    const { code, err, out } = await run(args);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
  });

  it("rejects an invalid snapshot naming the field, and broken JSON", async () => {
    const invalid = await writeJson("invalid.json", {
      platform: "win32",
      files: { "C:\\x": { type: "file" } },
    });
    const invalidRun = await run(["describe", "--host", invalid]);
    expect(invalidRun.code).toBe(2);
    expect(invalidRun.err).toMatch(
      /^shellgate describe: host snapshot .*invalid\.json: field files\["C:\\\\x"\]\.size: .*\n$/,
    );
    const broken = await writeJson("broken.json", "{ not json");
    const brokenRun = await run(["describe", "--host", broken]);
    expect(brokenRun.code).toBe(2);
    expect(brokenRun.err).toMatch(/is not valid JSON/);
    expect(brokenRun.err.split("\n")).toHaveLength(2);
  });

  it("rejects a bad config file with exit 2", async () => {
    const configFile = await writeJson("bad-config.json", { windows_shel: "wsl" });
    const { code, err } = await run(["describe", "--config", configFile]);
    expect(code).toBe(2);
    expect(err).toMatch(/unknown config key 'windows_shel'/);
  });

  it("replays a recorded-host fixture ({ host, config, expect }) given straight to --host", async () => {
    const fixture = fileURLToPath(new URL("../../../hosts/github-actions-windows.json", import.meta.url));
    const { code, out, err } = await run(["describe", "--json", "--host", fixture]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const { resolution } = JSON.parse(out) as { resolution: ShellResolution };
    expect(resolution.kind).toBe("gitbash");
    expect(resolution.path).toBe("C:\\Program Files\\Git\\bin\\bash.exe");
  });

  it("accepts --host and --config files saved with a UTF-8 BOM or as UTF-16 (PowerShell 5.1 `>`)", async () => {
    const fixture = loadHostFixtures().find((candidate) => candidate.name === "github-actions-windows");
    expect(fixture).toBeDefined();
    const hostText = JSON.stringify(fixture?.host);
    const configText = JSON.stringify({ ...fixture?.config, timeout: 45 });
    const encodings: Record<string, (text: string) => Buffer> = {
      "utf8-bom": (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]),
      "utf16le-bom": (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      "utf16be-bom": (text) =>
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]),
    };
    for (const [name, encode] of Object.entries(encodings)) {
      const hostFile = path.join(directory, `${name}.host.json`);
      const configFile = path.join(directory, `${name}.config.json`);
      await writeFile(hostFile, encode(hostText));
      await writeFile(configFile, encode(configText));
      const { code, out, err } = await run([
        "describe",
        "--json",
        "--host",
        hostFile,
        "--config",
        configFile,
      ]);
      expect(err, name).toBe("");
      expect(code, name).toBe(0);
      expect((JSON.parse(out) as { resolution: ShellResolution }).resolution.kind, name).toBe("gitbash");
    }
  });
});
