import path from "node:path";
import type { HostFacts } from "../host/host-facts.js";
import { unusableFileReason } from "./file-checks.js";
import { systemDirectories } from "./windows-layout.js";
import { parseWslDistroList } from "./wsl-distros.js";

const win32 = path.win32;

export interface WslFacts {
  readonly wslPath: string | null;
  readonly distros: readonly string[];
  /** Why WSL cannot run commands; undefined when a distribution is there. */
  readonly problem?: string;
  /** How long `wsl.exe -l -q` took, when the host measured it. */
  readonly listMs?: number;
}

/**
 * Finds `wsl.exe` (System32, or Sysnative from a 32-bit process, else PATH) and lists its
 * distributions with `wsl.exe -l -q`. WSL without a distribution is reported as a problem: the
 * launcher exists but cannot run anything.
 */
export async function detectWsl(host: HostFacts, systemRoot: string, timeoutMs: number): Promise<WslFacts> {
  const runsAs32Bit = host.env("PROCESSOR_ARCHITEW6432") !== undefined;
  let wslPath: string | null = null;
  for (const directory of systemDirectories(systemRoot, runsAs32Bit)) {
    const candidate = win32.join(directory, "wsl.exe");
    if (unusableFileReason(await host.fileInfo(candidate)) === null) {
      wslPath = candidate;
      break;
    }
  }
  wslPath ??= (await host.findOnPath("wsl"))[0] ?? null;
  if (wslPath === null) {
    return { wslPath, distros: [], problem: "wsl.exe is not in System32 or on PATH: WSL is not installed" };
  }
  const listing = await host.runProbe([wslPath, "-l", "-q"], timeoutMs);
  const timed = listing.durationMs === undefined ? {} : { listMs: listing.durationMs };
  if (listing.outcome === "timed-out") {
    return {
      wslPath,
      distros: [],
      problem: `wsl.exe -l -q timed out after ${timeoutMs} ms, longer than a cold WSL start takes`,
      ...timed,
    };
  }
  if (listing.outcome !== "exited" || listing.exitCode !== 0) {
    const how =
      listing.outcome === "exited" ? `exited ${listing.exitCode}` : `could not run (${listing.outcome})`;
    return {
      wslPath,
      distros: [],
      problem: `wsl.exe -l -q ${how}: no WSL distribution is installed`,
      ...timed,
    };
  }
  const distros = parseWslDistroList(listing.stdout);
  if (distros.length === 0) {
    return {
      wslPath,
      distros,
      problem: "wsl.exe -l -q lists no distribution (docker-desktop* skipped)",
      ...timed,
    };
  }
  return { wslPath, distros, ...timed };
}
