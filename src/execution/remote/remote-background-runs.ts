import type { BackgroundRun } from "../run/background-status.js";
import { listBackgroundText, parseBackgroundListing } from "./remote-background.js";
import { shellArguments } from "./remote-invocation.js";
import type { RemoteTarget } from "./remote-launcher.js";

/**
 * The `--background` starts recorded in the target (by `startRemoteDetached`), newest first, read
 * with one exec there; empty when the target has no temporary directory.
 */
export async function remoteBackgroundRuns(target: RemoteTarget): Promise<BackgroundRun[]> {
  const directory = target.facts.temporaryDirectory;
  if (directory === undefined) return [];
  const chunks: Buffer[] = [];
  const exec = await target.engine.exec(
    { argv: [...shellArguments(target.facts.shell), "-c", listBackgroundText(directory)], stdin: false },
    { onStdout: (chunk) => chunks.push(chunk), onStderr: () => undefined },
  );
  await exec.ended;
  return parseBackgroundListing(Buffer.concat(chunks).toString("utf8"));
}
