import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/surfaces/cli/main.js";
import { fakeIo } from "../../support/fake-io.js";

async function helpOf(name: string): Promise<string> {
  const io = fakeIo();
  await main(["help", name], io);
  return io.out();
}

describe("main", () => {
  it("lists the commands on --help and exits 0", async () => {
    const io = fakeIo();
    expect(await main(["--help"], io)).toBe(0);
    expect(io.out()).toContain("describe");
  });

  it("rejects an unknown command with one line and exit 2", async () => {
    const io = fakeIo();
    expect(await main(["frobnicate"], io)).toBe(2);
    expect(io.err()).toBe("shellgate: unknown command 'frobnicate'; run 'shellgate --help' for the list\n");
  });

  it.each(["describe", "doctor", "check", "run", "mcp"])(
    "prints the usage of '%s' on --help and exits 0",
    async (name) => {
      const io = fakeIo();
      expect(await main([name, "--help"], io)).toBe(0);
      expect(io.out()).toContain(`usage: shellgate ${name}`);
      expect(io.err()).toBe("");
    },
  );

  it("prints the package version on --version", async () => {
    const io = fakeIo();
    expect(await main(["--version"], io)).toBe(0);
    const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    expect(io.out()).toBe(`${version}\n`);
  });

  it.each(["describe", "doctor", "check", "run", "mcp"])(
    "prints the same help with examples for 'help %s' and '%s --help'",
    async (name) => {
      const viaHelp = fakeIo();
      const viaFlag = fakeIo();
      expect(await main(["help", name], viaHelp)).toBe(0);
      expect(await main([name, "-h"], viaFlag)).toBe(0);
      expect(viaHelp.out()).toBe(viaFlag.out());
      expect(viaHelp.out()).toMatch(new RegExp(`^usage: shellgate ${name}[\\s\\S]*\nexamples:\n  \\S`));
    },
  );

  it.each([
    ["run", "--json", "--help"],
    ["run", "--timeout", "5", "-h", "true"],
    ["check", "--profile", "standard", "--help"],
    ["doctor", "--json", "--help"],
  ])("prints the command's help when --help follows other flags: %s %s %s", async (name, ...rest) => {
    const io = fakeIo();
    expect(await main([name, ...rest], io)).toBe(0);
    expect(io.out()).toBe(await helpOf(name));
  });

  it("takes --help after -- as part of the command, not as a request for help", async () => {
    const io = fakeIo();
    expect(await main(["check", "--", "grep --help"], io)).toBe(0);
    expect(io.out()).toMatch(/^allowed/);
  });

  it("lists every command with its options on --help", async () => {
    const io = fakeIo();
    expect(await main(["--help"], io)).toBe(0);
    for (const line of [
      "shellgate describe [--json] [--host FILE]",
      "shellgate doctor [--json] [--host FILE] [--capture]",
      "shellgate check [--profile P] [--allow PAT]…",
      "shellgate check --jsonl",
      "shellgate run [--timeout S] [--cwd DIR]",
      "shellgate run [options] -",
      "shellgate mcp [--config FILE]",
    ]) {
      expect(io.out()).toContain(line);
    }
  });

  it("answers help for an unknown command with one line and exit 2", async () => {
    const io = fakeIo();
    expect(await main(["help", "frobnicate"], io)).toBe(2);
    expect(io.err()).toBe("shellgate: no command 'frobnicate'; run 'shellgate --help' for the list\n");
  });
});
