import type { ResolutionCandidate, ShellResolution } from "../resolve/resolution.js";

/** Where the facts came from, for the report header. */
export interface ReportContext {
  /** "this machine" or "host snapshot <file>". */
  readonly hostLabel: string;
  /** e.g. "windows_shell=gitbash (from SHELLGATE_WINDOWS_SHELL)"; omitted off Windows. */
  readonly preference?: string;
  readonly bashPath?: string;
  readonly nodeVersion?: string;
}

function shellLine(resolution: ShellResolution): string {
  if (resolution.kind === "none") return "none (simple-command fallback: no shell found)";
  const version = resolution.version ? `, bash ${resolution.version}` : "";
  const distro = resolution.distro ? `, distribution ${resolution.distro}` : "";
  return `${resolution.kind} ${resolution.path}${version}${distro}`;
}

/** The short answer `shellgate describe` prints before the description. */
export function formatResolutionSummary(resolution: ShellResolution): string {
  const lines = [`shell: ${shellLine(resolution)}`, `source: ${resolution.source}`];
  if (resolution.home) lines.push(`home: ${resolution.home}`);
  for (const warning of resolution.warnings) lines.push(`warning: ${warning}`);
  return lines.join("\n");
}

function candidateLine(candidate: ResolutionCandidate, ruleWidth: number): string {
  const verdict = candidate.accepted ? "accepted" : "rejected";
  const kind = candidate.kind ? ` [${candidate.kind}]` : "";
  return `  ${verdict}  ${candidate.rule.padEnd(ruleWidth)}  ${candidate.path ?? "-"}${kind}\n      ${candidate.reason}`;
}

/** Whether WSL was starting when it was probed: a cold start explains a slow first command. */
export function wslStartLine(start: NonNullable<ShellResolution["wslStart"]>): string {
  const seconds = (start.durationMs / 1000).toFixed(1);
  return start.cold
    ? `wsl start: cold — WSL took ${seconds} s to answer its probes (its service or VM was starting); commands start faster once it runs`
    : `wsl start: warm — WSL answered its probes in ${seconds} s`;
}

/** The full trace `shellgate doctor` prints, written for a person filing a bug. */
export function formatDoctorReport(
  resolution: ShellResolution,
  description: string,
  context: ReportContext,
): string {
  const header = [`shellgate doctor: shell resolution on ${resolution.platform} (${context.hostLabel})`];
  if (context.nodeVersion) header.push(`node: ${context.nodeVersion}`);
  if (context.preference) header.push(`preference: ${context.preference}`);
  header.push(`bash_path: ${context.bashPath ?? "(not set)"}`);
  const ruleWidth = Math.max(0, ...resolution.trace.map((candidate) => candidate.rule.length));
  const trace =
    resolution.trace.length === 0
      ? ["  (none)"]
      : resolution.trace.map((candidate) => candidateLine(candidate, ruleWidth));
  return [
    header.join("\n"),
    "",
    `result: ${shellLine(resolution)} (rule: ${resolution.source})`,
    ...(resolution.versionLine ? [`version line: ${resolution.versionLine}`] : []),
    ...(resolution.home ? [`home: ${resolution.home}`] : []),
    ...(resolution.wslStart ? [wslStartLine(resolution.wslStart)] : []),
    resolution.warnings.length === 0
      ? "warnings: none"
      : resolution.warnings.map((w) => `warning: ${w}`).join("\n"),
    "",
    "candidates, in the order considered:",
    ...trace,
    "",
    "what the model is told:",
    `  ${description}`,
    "",
  ].join("\n");
}
