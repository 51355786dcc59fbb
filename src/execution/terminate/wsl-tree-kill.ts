/** Where a WSL command's Linux side runs: the launcher and the distribution (default when absent). */
export interface WslTarget {
  readonly wslPath: string;
  readonly distro?: string;
}

/**
 * Runs inside the distribution as `sh -c SCRIPT sh NAME=VALUE`: every process whose environment
 * holds the run marker is killed, and so is its process group when that group's leader carries
 * the marker too (the `setsid` group the WSL wrapper starts). A group led by anything else (WSL's
 * own relay) is never signalled. Twice, for children forked while the first pass ran.
 */
export const WSL_TREE_KILL_SCRIPT = [
  'marked() { tr "\\0" "\\n" <"/proc/$1/environ" 2>/dev/null | grep -qxF -- "$MARK"; }',
  "MARK=$1",
  "for pass in 1 2; do",
  "  for d in /proc/[0-9]*; do",
  "    p=${d#/proc/}",
  '    [ "$p" = "$$" ] && continue',
  '    marked "$p" || continue',
  "    g=$(ps -o pgid= -p \"$p\" 2>/dev/null | tr -d ' ')",
  '    if [ -n "$g" ] && [ "$g" != "$p" ] && marked "$g"; then kill -KILL -- "-$g" 2>/dev/null; fi',
  '    if [ "$g" = "$p" ]; then kill -KILL -- "-$p" 2>/dev/null; fi',
  '    kill -KILL "$p" 2>/dev/null',
  "  done",
  "done",
  "exit 0",
].join("\n");

/**
 * The wsl.exe call that ends a run's Linux side. Killing wsl.exe itself (the Job Object does)
 * leaves the Linux tree running (microsoft/WSL#2496), so this goes in through a second wsl.exe.
 * Pure.
 */
export function planWslTreeKill(
  target: WslTarget,
  marker: { readonly name: string; readonly value: string },
): { readonly file: string; readonly args: readonly string[] } {
  const distro = target.distro ? ["-d", target.distro] : [];
  return {
    file: target.wslPath,
    args: [...distro, "--exec", "sh", "-c", WSL_TREE_KILL_SCRIPT, "sh", `${marker.name}=${marker.value}`],
  };
}

/** The WSL target of a planned start (`wsl.exe [-d distro] …`); undefined for every other shell. */
export function wslTargetOf(plan: {
  readonly shell?: string;
  readonly file: string;
  readonly args: readonly string[];
}): WslTarget | undefined {
  if (plan.shell !== "wsl") return undefined;
  const distro = plan.args[0] === "-d" ? plan.args[1] : undefined;
  return distro === undefined ? { wslPath: plan.file } : { wslPath: plan.file, distro };
}
