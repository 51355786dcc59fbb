import { PassThrough } from "node:stream";
import type { CliIo } from "../../src/cli/command.js";

export type FakeIo = CliIo & { out(): string; err(): string; input: PassThrough };

/**
 * In-process CLI streams for `main([...], io)`: `out()`/`err()` return everything written so far,
 * `input` is the command's stdin for tests that feed it.
 */
export function fakeIo(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): FakeIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => {
    out += chunk;
  });
  stderr.on("data", (chunk) => {
    err += chunk;
  });
  return { stdout, stderr, stdin, input: stdin, cwd, env, out: () => out, err: () => err };
}
