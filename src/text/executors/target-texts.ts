/** How a remote target is named and set apart in what the model and `doctor` read. */

export interface TargetSummary {
  readonly kind: "docker" | "ssh" | "kubernetes";
  /** "container `app` (image node:22)", "host `build` over SSH", "pod `ci/runner` (container `main`)". */
  readonly name: string;
  readonly user: string;
  /** What the target's network is, as a clause ("no network (network mode none)"). */
  readonly network: string;
}

/** The one sentence on where commands run, for the `bash` description (the executor's `isolation`). */
export function targetSentence(target: TargetSummary): string {
  const apart =
    target.kind === "ssh"
      ? "another machine, with its own files, processes and network"
      : "its own file system and processes, not the machine shellgate runs on";
  const where = target.kind === "ssh" ? "on" : "in";
  return `Commands run ${where} ${target.name} as \`${target.user}\`: ${apart}; ${target.network}.`;
}

export function dockerTargetName(container: string, image: string): string {
  return `container \`${container}\` (image ${image})`;
}

export function sshTargetName(host: string, port: number): string {
  return `host \`${host}${port === 22 ? "" : `:${port}`}\` over SSH`;
}

export function kubernetesTargetName(namespace: string, pod: string, container: string): string {
  return `pod \`${namespace}/${pod}\` (container \`${container}\`)`;
}

export function dockerNetworkClause(networkMode: string | undefined): string {
  if (networkMode === "none") return "no network (network mode none)";
  if (networkMode === "host") return "the network is the Docker host's own (network mode host)";
  return `network: Docker network ${networkMode ?? "default"}`;
}

export const SSH_NETWORK_CLAUSE = "network access is that host's";
export const KUBERNETES_NETWORK_CLAUSE = "network access is the pod's, under the cluster's network policies";

/** The sentence `doctor` and the results use when spill files stay on this machine. */
export const HOST_SPILL_NOTE =
  "Spill files (the full output behind a truncated result) are kept on the machine shellgate runs on, not in the target, so the tools cannot open them there.";

/** What a target lacks, and what that changes, one clause each (`doctor`'s list). */
export const TARGET_GAPS = {
  noBash: (sh: string) =>
    `no bash: commands run in POSIX sh (${sh}), where bash syntax ([[ ]], arrays, <(…)) fails`,
  noProc: "no /proc: the kill ends the process group only; setsid escapes cannot be found",
  noEnvProgram:
    "no env program: variables are exported by the wrapper, and processes busybox starts without exec do not show the run marker",
  noTemporaryDirectory: "no writable /tmp: commands over 64 KiB cannot be delivered and are refused",
  noInit: "no init at pid 1 (docker run --init): orphans of killed commands stay as zombies",
  loginShell: (shell: string) =>
    `login shell ${shell}: each command line goes through it, quoted for POSIX shells (csh and tcsh may misread it)`,
} as const;
