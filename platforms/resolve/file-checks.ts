import type { FileFact, HostFacts } from "../host/host-facts.js";

/** Why a path is not a runnable program, or null when it is a regular non-empty file. */
export function unusableFileReason(fact: FileFact | null): string | null {
  if (fact === null) return "does not exist";
  if (fact.type === "dir") return "is a directory";
  if (fact.size === 0) return "is a 0-byte file (an app-execution alias or a broken install)";
  return null;
}

export async function isUsableFile(host: HostFacts, target: string): Promise<boolean> {
  return unusableFileReason(await host.fileInfo(target)) === null;
}
