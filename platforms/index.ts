// The platform layer's public face: re-exports only.

export { type DescribeShellOptions, describeShell } from "./describe/describe-shell.js";
export { formatDoctorReport, formatResolutionSummary, type ReportContext } from "./describe/format-report.js";
export { createCapturingHost } from "./host/capturing-host.js";
export { type ChosenHost, chooseHost } from "./host/choose-host.js";
export { CurrentDirectoryError, currentDirectory } from "./host/current-directory.js";
export { decodeProbeOutput, looksLikeUtf16le, type ProbeEncoding } from "./host/decode-probe-output.js";
export { decodeTextFile } from "./host/decode-text-file.js";
export type { FileFact, HostFacts, ProbeOutcome, ProbeResult } from "./host/host-facts.js";
export { hostSnapshotSchema } from "./host/host-snapshot-schema.js";
export { loadHostSnapshotFile } from "./host/load-snapshot-file.js";
export { createRealHost, type RealHostOptions } from "./host/real-host.js";
export { HostSnapshotError } from "./host/snapshot-error.js";
export { createSnapshotHost } from "./host/snapshot-host.js";
export { type HostSnapshot, type HostSnapshotInput, parseHostSnapshot } from "./host/snapshot-schema.js";
export { type SystemProgram, systemProgramPath } from "./host/system-programs.js";
export { type ShellConventions, shellConventions } from "./paths/conventions.js";
export { type ShellTree, shellWorkdirToNative, wslCdArgument } from "./paths/shell-workdir.js";
export { toNativePath } from "./paths/to-native-path.js";
export { type PathTranslationOptions, toShellPath } from "./paths/to-shell-path.js";
export { chooseBashPath, chooseWindowsShellPreference } from "./resolve/preferences.js";
export type {
  GitBashFlavor,
  ResolutionCandidate,
  ShellKind,
  ShellResolution,
  ShellResolutionDetails,
} from "./resolve/resolution.js";
export type { ResolveShellOptions } from "./resolve/resolve-options.js";
export { createShellResolver, resolveShell } from "./resolve/resolve-shell.js";
