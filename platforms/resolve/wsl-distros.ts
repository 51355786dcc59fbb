import { decodeProbeOutput } from "../host/decode-probe-output.js";

/**
 * Distribution names out of `wsl.exe -l -q` output (UTF-16LE or UTF-8, `\r\r\n` line ends).
 * Docker Desktop's internal distributions are not places to run commands. Lines that are not a
 * plain name (the "no installed distributions" help text) are dropped.
 */
export function parseWslDistroList(output: Uint8Array | string): string[] {
  const text = typeof output === "string" ? output : decodeProbeOutput(output);
  return text
    .replace(/\u0000/g, "")
    .split(/\r*\n/)
    .map((line) => line.trim())
    .filter((line) => /^[\w.-]+$/.test(line))
    .filter((line) => !/^docker-desktop/i.test(line));
}
