import type { FileFact, HostFacts, ProbeResult } from "./host-facts.js";
import { registryEntryName } from "./host-facts.js";
import type { HostSnapshot, SnapshotCommand } from "./snapshot-schema.js";

// Recorded even when the resolver does not ask, because a person reading a bug report needs them.
const ALWAYS_RECORDED_ENV = ["PATH", "PATHEXT"];

function encodeCommandOutput(bytes: Uint8Array): Pick<SnapshotCommand, "stdout" | "stdoutEncoding"> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const asUtf8 = buffer.toString("utf8");
  if (Buffer.from(asUtf8, "utf8").equals(buffer) && !asUtf8.includes("\u0000")) {
    return { stdout: asUtf8, stdoutEncoding: "utf8" };
  }
  const asUtf16 = buffer.toString("utf16le");
  if (buffer.length % 2 === 0 && Buffer.from(asUtf16, "utf16le").equals(buffer)) {
    return { stdout: asUtf16, stdoutEncoding: "utf16le" };
  }
  return { stdout: buffer.toString("base64"), stdoutEncoding: "base64" };
}

/**
 * Wraps a host and records every fact asked of it, so `doctor --capture` can write a snapshot that
 * replays this machine exactly: answers absent from the snapshot (missing files, unset variables,
 * commands not found) are absent here too.
 */
export function createCapturingHost(inner: HostFacts): { host: HostFacts; snapshot(): HostSnapshot } {
  const env: Record<string, string> = {};
  const files: Record<string, FileFact> = {};
  const registry: Record<string, string> = {};
  const pathLookups: Record<string, string[]> = {};
  const commands: SnapshotCommand[] = [];

  const host: HostFacts = {
    platform: inner.platform,
    env(name) {
      const value = inner.env(name);
      if (value !== undefined) env[name] = value;
      return value;
    },
    async fileInfo(target) {
      const fact = await inner.fileInfo(target);
      if (fact) files[target] = fact;
      return fact;
    },
    async findOnPath(command) {
      const hits = await inner.findOnPath(command);
      pathLookups[command] = [...hits];
      return hits;
    },
    async readRegistry(key, value) {
      const found = await inner.readRegistry(key, value);
      if (found !== null) registry[registryEntryName(key, value)] = found;
      return found;
    },
    async runProbe(argv, timeoutMs): Promise<ProbeResult> {
      const result = await inner.runProbe(argv, timeoutMs);
      if (result.outcome !== "not-found") {
        commands.push({
          argv: [...argv],
          exitCode: result.exitCode,
          ...encodeCommandOutput(result.stdout),
          ...(result.outcome === "timed-out" ? { timedOut: true } : {}),
          ...(result.durationMs === undefined ? {} : { durationMs: result.durationMs }),
        });
      }
      return result;
    },
  };

  return {
    host,
    snapshot() {
      for (const name of ALWAYS_RECORDED_ENV) {
        const value = inner.env(name);
        if (value !== undefined && env[name] === undefined) env[name] = value;
      }
      return {
        platform: inner.platform,
        env: { ...env },
        files: { ...files },
        registry: { ...registry },
        pathLookups: structuredClone(pathLookups),
        commands: structuredClone(commands),
      };
    },
  };
}
