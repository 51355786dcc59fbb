import type { RunMarker } from "../../environment/run-marker.js";
import type { ShellControl } from "../../session/launched-resident-shell.js";
import type { CommandTermination } from "../../session/terminate-command.js";
import type { TerminationReport } from "../../terminate/terminate-tree.js";
import { groupKill, type RemoteTarget } from "../remote-launcher.js";

function markerOf(marker: RunMarker): string {
  return `${marker.name}=${marker.value}`;
}

function asTermination(report: TerminationReport, shellPid: number): CommandTermination {
  const others = (pids: readonly number[]) => pids.filter((pid) => pid !== shellPid);
  return { pids: others(report.descendants), forced: report.forced, survivors: others(report.survivors) };
}

/**
 * A resident shell's command tree, ended and listed in the target by a second exec of the kill
 * script (see `kill-script.ts`): the shell's descendants — each job leads a process group of its
 * own, so no one group holds a command — and the carriers of the command's marker (`setsid`
 * escapes). The shell is never among them; it is ended only with the session.
 */
export function remoteShellControl(target: RemoteTarget): ShellControl {
  const { temporaryDirectory } = target.facts;
  return {
    ...(temporaryDirectory === undefined ? {} : { temporaryDirectory }),
    async stopCommand(shellPid, marker, options) {
      const report = await groupKill(target, {
        descendantsOf: shellPid,
        markers: [markerOf(marker)],
        graceMs: options.graceMs,
        ...(options.interrupt ? { interrupt: shellPid } : {}),
      });
      return asTermination(report, shellPid);
    },
    async commandMembers(shellPid, marker) {
      const report = await groupKill(target, {
        descendantsOf: shellPid,
        markers: [markerOf(marker)],
        graceMs: 0,
        listOnly: true,
      });
      return asTermination(report, shellPid).pids;
    },
    async endShell(shellPid, graceMs, marker) {
      // The shell leads its own group (every engine starts an exec so): the group kill reaches it.
      const report = await groupKill(target, {
        processGroup: shellPid,
        descendantsOf: shellPid,
        markers: marker ? [markerOf(marker)] : [],
        graceMs,
      });
      if (report.errors.length > 0 && report.descendants.length === 0) return undefined;
      return { pids: report.descendants, forced: report.forced, survivors: report.survivors };
    },
  };
}
