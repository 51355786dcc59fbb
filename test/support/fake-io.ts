import { PassThrough } from "node:stream";
import type { CliIo } from "../../src/surfaces/cli/command.js";
import { main } from "../../src/surfaces/cli/main.js";

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

export interface CliOutcome {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `shellgate <args>` in-process with `fakeIo`; `input`, when given, is the whole of stdin. */
export async function runCli(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CliOutcome> {
  const io = fakeIo(options.cwd, options.env);
  if (options.input !== undefined) io.input.end(options.input);
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}
