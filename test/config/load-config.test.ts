import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error.js";
import { loadConfig } from "../../src/config/load-config.js";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-config-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function failure(file: string | undefined): Promise<string> {
  const error: unknown = await loadConfig(file, directory).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe("loadConfig", () => {
  it("uses the defaults when there is no shellgate.config.json", async () => {
    expect((await loadConfig(undefined, directory)).timeout).toBe(30);
  });

  it("reads shellgate.config.json from the working directory", async () => {
    await writeFile(path.join(directory, "shellgate.config.json"), JSON.stringify({ timeout: 12 }));
    expect((await loadConfig(undefined, directory)).timeout).toBe(12);
  });

  it("reads files saved with a UTF-8 BOM, as UTF-16LE (PowerShell 5.1 `>`) or as UTF-16BE", async () => {
    const text = JSON.stringify({ timeout: 17 });
    const files: Record<string, Buffer> = {
      "bom.json": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      "utf16le.json": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      "utf16le-no-bom.json": Buffer.from(text, "utf16le"),
      "utf16be.json": Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]),
    };
    for (const [name, bytes] of Object.entries(files)) {
      await writeFile(path.join(directory, name), bytes);
      expect((await loadConfig(name, directory)).timeout, name).toBe(17);
    }
  });

  it("refuses a key that appears twice, naming it, instead of silently taking the last", async () => {
    await writeFile(
      path.join(directory, "twice.json"),
      '{"sandbox": {"mode": "required"}, "timeout": 10, "sandbox": {"mode": "off"}}',
    );
    expect(await failure("twice.json")).toBe(
      `${path.join(directory, "twice.json")}: config key 'sandbox' appears twice; JSON keeps only the last one, so remove the one you did not mean`,
    );
    await writeFile(path.join(directory, "nested.json"), '{"sandbox": {"mode": "required", "mode": "off"}}');
    expect(await failure("nested.json")).toMatch(/config key 'sandbox\.mode' appears twice/);
  });

  it("refuses a __proto__ key in the file, naming it", async () => {
    await writeFile(path.join(directory, "proto.json"), '{"__proto__": {"safety_profile": "unrestricted"}}');
    expect(await failure("proto.json")).toMatch(/config key '__proto__' is not allowed/);
  });

  it("reads a named file relative to the working directory", async () => {
    await writeFile(path.join(directory, "custom.json"), JSON.stringify({ safety_profile: "standard" }));
    expect((await loadConfig("custom.json", directory)).safety_profile).toBe("standard");
  });

  it("refuses a named file that does not exist", async () => {
    expect(await failure("missing.json")).toBe(
      `cannot read config file ${path.join(directory, "missing.json")}: it does not exist`,
    );
  });

  // chmod 0o000 makes a file unreadable only where POSIX modes exist, and never for root.
  it.skipIf(process.platform === "win32" || process.getuid?.() === 0)(
    "refuses an unreadable file",
    async () => {
      const file = path.join(directory, "locked.json");
      await writeFile(file, "{}");
      await chmod(file, 0o000);
      expect(await failure("locked.json")).toBe(`cannot read config file ${file}: permission denied`);
    },
  );

  it("refuses a directory given as the file", async () => {
    expect(await failure(".")).toBe(`cannot read config file ${directory}: it is a directory`);
  });

  it("refuses invalid JSON and says so", async () => {
    await writeFile(path.join(directory, "shellgate.config.json"), "{ timeout: 10 }");
    expect(await failure(undefined)).toMatch(/shellgate\.config\.json is not valid JSON: /);
  });

  it("refuses JSON that is not an object", async () => {
    await writeFile(path.join(directory, "shellgate.config.json"), "[1]");
    expect(await failure(undefined)).toMatch(/must hold a JSON object of config keys$/);
  });

  it("prefixes a validation problem with the file", async () => {
    await writeFile(path.join(directory, "shellgate.config.json"), JSON.stringify({ colour: "red" }));
    expect(await failure(undefined)).toMatch(/shellgate\.config\.json: unknown config key 'colour'; known: /);
  });

  it("reads the file SHELLGATE_CONFIG names when no --config is given, and --config still wins", async () => {
    const named = path.join(directory, "from-env.json");
    await writeFile(named, JSON.stringify({ timeout: 7 }));
    await writeFile(path.join(directory, "flag.json"), JSON.stringify({ timeout: 9 }));
    expect((await loadConfig(undefined, directory, { SHELLGATE_CONFIG: named })).timeout).toBe(7);
    expect((await loadConfig("flag.json", directory, { SHELLGATE_CONFIG: named })).timeout).toBe(9);
    expect((await loadConfig(undefined, directory, { SHELLGATE_CONFIG: "" })).timeout).toBe(30);
  });

  it("reports a missing file SHELLGATE_CONFIG names, saying where the name came from", async () => {
    const error = await loadConfig(undefined, directory, { SHELLGATE_CONFIG: "missing.json" }).catch(
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /missing\.json \(named by SHELLGATE_CONFIG\): it does not exist$/,
    );
  });

  it("accepts a file with $schema and null values, which mean unset", async () => {
    await writeFile(
      path.join(directory, "shellgate.config.json"),
      JSON.stringify({
        $schema: "./node_modules/shellgate/config.schema.json",
        timeout: null,
        spill_dir: null,
      }),
    );
    const config = await loadConfig(undefined, directory, {});
    expect(config.timeout).toBe(30);
    expect(config.spill_dir).toBeUndefined();
  });
});
