import { readFile } from "node:fs/promises";
import path from "node:path";
import { decodeTextFile } from "./decode-text-file.js";
import { type HostSnapshot, HostSnapshotError, parseHostSnapshot } from "./snapshot-schema.js";

/** Reads and validates a snapshot file; every failure is a `HostSnapshotError` naming file and field. */
export async function loadHostSnapshotFile(file: string, cwd: string): Promise<HostSnapshot> {
  const target = path.resolve(cwd, file);
  let text: string;
  try {
    text = decodeTextFile(await readFile(target));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new HostSnapshotError(`cannot read host snapshot ${target}: ${code}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new HostSnapshotError(`host snapshot ${target} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseHostSnapshot(unwrapRecordedHost(data));
  } catch (error) {
    throw new HostSnapshotError(`host snapshot ${target}: ${(error as Error).message}`);
  }
}

/**
 * The recorded hosts under `test/hosts/` wrap a snapshot as `{ host, config, expect }`; accepting
 * that shape lets a person replay a fixture directly. Its `config` is not applied: pass `--config`.
 */
function unwrapRecordedHost(data: unknown): unknown {
  if (typeof data !== "object" || data === null || !("host" in data) || "platform" in data) return data;
  const keys = Object.keys(data);
  return keys.every((key) => key === "host" || key === "config" || key === "expect")
    ? (data as { host: unknown }).host
    : data;
}
