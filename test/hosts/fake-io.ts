import { PassThrough } from "node:stream";
import type { CliIo } from "../../src/cli/command.js";

/** In-process CLI streams for `main([...], io)`; `out()`/`err()` return everything written so far. */
export function fakeIo(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): CliIo & { out(): string; err(): string } {
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
  return { stdout, stderr, stdin: new PassThrough(), cwd, env, out: () => out, err: () => err };
}
