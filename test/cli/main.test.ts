import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/command.js";
import { main } from "../../src/cli/main.js";

function fakeIo(): CliIo & { out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => {
    out += chunk;
  });
  stderr.on("data", (chunk) => {
    err += chunk;
  });
  return {
    stdout,
    stderr,
    stdin: new PassThrough(),
    cwd: process.cwd(),
    env: process.env,
    out: () => out,
    err: () => err,
  };
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
});
