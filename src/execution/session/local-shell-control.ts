import { terminateTree } from "../terminate/terminate-tree.js";
import type { ShellControl } from "./launched-resident-shell.js";
import { commandMembers, terminateCommand } from "./terminate-command.js";

/**
 * A resident shell on this machine (POSIX), as `LaunchedResidentShell` ends its commands: signals
 * by pid, members found by the process table (see `terminate-command.ts`).
 */
export function localShellControl(): ShellControl {
  return {
    async stopCommand(shellPid, marker, options) {
      if (options.interrupt) {
        try {
          process.kill(shellPid, "SIGINT");
        } catch {
          // gone already
        }
      }
      return terminateCommand(shellPid, marker, { graceMs: options.graceMs });
    },
    commandMembers: (shellPid, marker) => commandMembers(shellPid, marker),
    async endShell(shellPid, graceMs, marker) {
      const report = await terminateTree(shellPid, { graceMs, platform: process.platform });
      // What the last command left that no longer descends from the shell still carries its marker.
      if (marker) await terminateCommand(shellPid, marker, { graceMs });
      return { pids: report.descendants, forced: report.forced, survivors: report.survivors };
    },
  };
}
