import type { HostFacts } from "./host-facts.js";
import { loadHostSnapshotFile } from "./load-snapshot-file.js";
import { createRealHost } from "./real-host.js";
import { createSnapshotHost } from "./snapshot-host.js";

export interface ChosenHost {
  readonly host: HostFacts;
  /** "this machine" or "host snapshot <file>". */
  readonly label: string;
  readonly isReal: boolean;
}

/** `--host FILE` means that snapshot; no file means this machine, seen with the given env and cwd. */
export async function chooseHost(
  file: string | undefined,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ChosenHost> {
  if (file === undefined) return { host: createRealHost({ env, cwd }), label: "this machine", isReal: true };
  const snapshot = await loadHostSnapshotFile(file, cwd);
  return { host: createSnapshotHost(snapshot), label: `host snapshot ${file}`, isReal: false };
}
