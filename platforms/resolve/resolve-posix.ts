import path from "node:path";
import type { HostFacts } from "../host/host-facts.js";
import { notBashReason, probeVersion } from "./bash-version.js";
import { unusableFileReason } from "./file-checks.js";
import type { BashPathChoice } from "./preferences.js";
import type { ShellKind, ShellResolution } from "./resolution.js";
import { ResolutionTrace } from "./trace.js";

interface PosixCandidate {
  readonly rule: string;
  readonly path: string;
  readonly kind: ShellKind;
}

function kindForExplicitPath(target: string): ShellKind {
  return /^(sh|dash|ash)$/.test(path.posix.basename(target)) ? "sh" : "bash";
}

/**
 * Linux, macOS and the other POSIX hosts: an explicit bash_path, then `bash` on PATH (so Homebrew's
 * bash 5 wins over macOS's /bin/bash 3.2 when it comes first), then /bin/bash, then /bin/sh as `sh`.
 */
export async function resolvePosixShell(
  host: HostFacts,
  bashPath: BashPathChoice | null,
  warnings: string[],
  timeoutMs: number,
  refuseCandidate?: (path: string) => Promise<string | undefined>,
): Promise<ShellResolution> {
  const trace = new ResolutionTrace();
  const candidates: PosixCandidate[] = [];
  if (bashPath)
    candidates.push({ rule: "bash_path", path: bashPath.path, kind: kindForExplicitPath(bashPath.path) });
  for (const hit of await host.findOnPath("bash"))
    candidates.push({ rule: "path-lookup", path: hit, kind: "bash" });
  candidates.push({ rule: "bin-bash", path: "/bin/bash", kind: "bash" });
  candidates.push({ rule: "bin-sh", path: "/bin/sh", kind: "sh" });

  // Asked before the probe: `--version` would already run a planted shell on the host. Not of the
  // system's own /bin/bash and /bin/sh: were those writable, every program the host runs would be.
  const refusal = async (candidate: PosixCandidate) => {
    if (candidate.path === "/bin/bash" || candidate.path === "/bin/sh") return null;
    const reason = await refuseCandidate?.(candidate.path);
    if (reason === undefined) return null;
    // Said, not only traced: a bash a sandboxed command could have planted is worth a look.
    if (candidate.rule === "path-lookup")
      warnings.push(`bash on PATH '${candidate.path}' is not safe to run on the host (${reason}); skipped`);
    return `is not safe to run on the host (${reason})`;
  };
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (candidate.rule !== "bash_path" && seen.has(candidate.path)) continue;
    seen.add(candidate.path);
    const problem = path.posix.isAbsolute(candidate.path)
      ? (unusableFileReason(await host.fileInfo(candidate.path)) ?? (await refusal(candidate)))
      : "is not an absolute path";
    if (problem !== null) {
      trace.reject(candidate.rule, candidate.path, candidate.kind, problem);
      if (candidate.rule === "bash_path") {
        warnings.push(`${bashPath?.source} '${candidate.path}' ${problem}; resolving as if it were unset`);
      }
      continue;
    }
    const probe = await probeVersion(host, [candidate.path, "--version"], timeoutMs);
    // An explicit path is trusted for being chosen, not for being bash: `python3` must not be
    // described to the model as "full bash". A POSIX sh has no --version, so its kind stays `sh`.
    const notBash = candidate.rule === "bash_path" && candidate.kind === "bash" ? notBashReason(probe) : null;
    if (notBash !== null) {
      trace.reject(candidate.rule, candidate.path, candidate.kind, notBash);
      warnings.push(`${bashPath?.source} '${candidate.path}' ${notBash}; resolving as if it were unset`);
      continue;
    }
    const detail = probe.line ?? (candidate.kind === "sh" ? "POSIX sh (no --version)" : probe.failure);
    trace.accept(candidate.rule, candidate.path, candidate.kind, `regular file; ${detail}`);
    const home = host.env("HOME");
    return {
      platform: host.platform,
      kind: candidate.kind,
      path: candidate.path,
      ...(probe.version !== undefined && candidate.kind === "bash" ? { version: probe.version } : {}),
      ...(probe.line !== undefined ? { versionLine: probe.line } : {}),
      ...(home !== undefined ? { home } : {}),
      source: candidate.rule,
      warnings,
      trace: trace.candidates,
    };
  }
  return {
    platform: host.platform,
    kind: "none",
    path: null,
    source: "none",
    warnings,
    trace: trace.candidates,
  };
}
