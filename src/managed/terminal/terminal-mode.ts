import { execFile } from "node:child_process";
import type { PtyCapability } from "../../execution/launch/launcher.js";
import { parseSttyMode, type TerminalMode } from "./terminal-eof.js";

/** The live mode of a launched terminal: asked where it is (a remote target), else of its device here. */
export async function launchedTerminalMode(
  platform: NodeJS.Platform,
  pty: PtyCapability,
): Promise<TerminalMode | null> {
  if (!pty.settings) return readTerminalMode(platform, pty.device);
  const settings = await pty.settings();
  return settings === null ? null : parseSttyMode(settings);
}

/**
 * Asks `stty` for the live mode of the terminal a process runs on. Linux spells the device flag
 * `-F`, BSD/macOS `-f`. Null when there is nothing to ask (Windows, no device name, stty failed).
 */
export function readTerminalMode(
  platform: NodeJS.Platform,
  device: string | undefined,
): Promise<TerminalMode | null> {
  if (platform === "win32" || device === undefined || device.length === 0) return Promise.resolve(null);
  const flag = platform === "linux" ? "-F" : "-f";
  return new Promise((resolve) => {
    execFile("stty", ["-a", flag, device], { timeout: 2000 }, (error, stdout) => {
      resolve(error ? null : parseSttyMode(stdout));
    });
  });
}
