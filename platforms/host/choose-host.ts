import type { HostFacts } from "./host-facts.js";
import { createRealHost } from "./real-host.js";

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
  // The snapshot side (zod and the format's schema) loads for `--host FILE` only, so the commands'
  // usual start on this machine does not pay for it.
  const [{ loadHostSnapshotFile }, { createSnapshotHost }] = await Promise.all([
    import("./load-snapshot-file.js"),
    import("./snapshot-host.js"),
  ]);
  const snapshot = await loadHostSnapshotFile(file, cwd);
  return { host: createSnapshotHost(snapshot), label: `host snapshot ${file}`, isReal: false };
}
