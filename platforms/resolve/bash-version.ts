import { decodeProbeOutput } from "../host/decode-probe-output.js";
import type { HostFacts } from "../host/host-facts.js";

export interface VersionProbe {
  /** "5.2.15(1)-release" when the first line looks like GNU bash's. */
  readonly version?: string;
  /** The first line of the output, verbatim. */
  readonly line?: string;
  /** Why nothing usable came back, for the trace. */
  readonly failure?: string;
  /** How long the probe ran, when the host measured it. */
  readonly durationMs?: number;
}

/** The first non-empty line of some output. */
export function firstLine(text: string): string | undefined {
  return text
    .split(/\r*\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0);
}

/** `GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)` → `5.2.15(1)-release`. */
export function parseBashVersion(line: string): string | undefined {
  return /\bversion\s+(\d[^\s,]*)/i.exec(line)?.[1];
}

/** Whether a `--version` line comes from bash (GNU bash, or a bash built for MSYS/Cygwin). */
export function versionLineSaysBash(line: string | undefined): boolean {
  return line !== undefined && /\bbash\b/i.test(line);
}

/** Why an explicit bash_path is not bash, from its `--version` probe; null when it is. */
export function notBashReason(probe: VersionProbe): string | null {
  if (versionLineSaysBash(probe.line)) return null;
  const said = probe.line
    ? `its --version says '${probe.line}'`
    : `its --version ${probe.failure ?? "printed nothing"}`;
  return `is not bash (${said})`;
}

/** Which runtime a bash was built for, from the host triple on its `--version` line. */
export function runtimeFromVersionLine(line: string | undefined): "msys" | "cygwin" | "linux" | "other" {
  if (!line) return "other";
  if (/-pc-msys|-w64-mingw|msys/i.test(line)) return "msys";
  if (/cygwin/i.test(line)) return "cygwin";
  if (/linux/i.test(line)) return "linux";
  return "other";
}

/** Runs `<argv> --version` once with a timeout; never throws. */
export async function probeVersion(
  host: HostFacts,
  argv: readonly string[],
  timeoutMs: number,
): Promise<VersionProbe> {
  const result = await host.runProbe(argv, timeoutMs);
  const timed = result.durationMs === undefined ? {} : { durationMs: result.durationMs };
  if (result.outcome === "not-found") return { failure: "could not be started (not found)" };
  if (result.outcome === "timed-out")
    return { failure: `--version timed out after ${timeoutMs} ms`, ...timed };
  const line = firstLine(decodeProbeOutput(result.stdout));
  if (result.exitCode !== 0 || line === undefined) {
    return {
      failure: `--version exited ${result.exitCode ?? "abnormally"}${line ? `: ${line}` : ""}`,
      ...timed,
    };
  }
  const version = parseBashVersion(line);
  return version === undefined ? { line, ...timed } : { line, version, ...timed };
}
