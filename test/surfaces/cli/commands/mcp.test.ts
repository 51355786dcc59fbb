import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../../../src/surfaces/cli/main.js";
import { fakeIo } from "../../../support/fake-io.js";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-mcp-cli-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const io = () => fakeIo(directory);

describe("shellgate mcp", () => {
  it("prints its usage on --help", async () => {
    const streams = io();
    expect(await main(["mcp", "--help"], streams)).toBe(0);
    expect(streams.out()).toMatch(
      /^usage: shellgate mcp \[--config FILE\] \[--sandbox off\|auto\|required\]\n/,
    );
  });

  it("rejects an extra argument as a usage error", async () => {
    const streams = io();
    expect(await main(["mcp", "serve"], streams)).toBe(2);
    expect(streams.err()).toBe(
      "shellgate mcp: unexpected argument 'serve'; usage: shellgate mcp [--config FILE] [--sandbox off|auto|required]\n",
    );
  });

  it("refuses to start with a config it does not understand, on stderr only", async () => {
    await writeFile(path.join(directory, "shellgate.config.json"), JSON.stringify({ profile: "strict" }));
    const streams = io();
    expect(await main(["mcp"], streams)).toBe(1);
    expect(streams.err()).toMatch(
      /^shellgate mcp: .*shellgate\.config\.json: unknown config key 'profile'; known: /,
    );
    expect(streams.out()).toBe("");
  });

  it("refuses a named config file that is missing", async () => {
    const streams = io();
    expect(await main(["mcp", "--config", "nope.json"], streams)).toBe(1);
    expect(streams.err()).toBe(
      `shellgate mcp: cannot read config file ${path.join(directory, "nope.json")}: it does not exist\n`,
    );
  });

  it("serves until stdin closes, logging to stderr and writing nothing but protocol to stdout", async () => {
    const streams = io();
    const served = main(["mcp"], streams);
    streams.input.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`,
    );
    await new Promise<void>((resolve) => streams.stdout.once("data", () => resolve()));
    streams.input.end();
    expect(await served).toBe(0);
    const [reply] = streams.out().trim().split("\n");
    expect(JSON.parse(reply ?? "")).toMatchObject({ id: 1, result: { serverInfo: { name: "shellgate" } } });
    expect(streams.err()).toContain("shellgate mcp: serving bash, bash_output, bash_kill over stdio");
    expect(streams.err()).toContain("shellgate mcp: stopping (stdin closed)");
  });
});
