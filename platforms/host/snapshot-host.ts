import type { FileFact, HostFacts, ProbeResult } from "./host-facts.js";
import { registryEntryName } from "./host-facts.js";
import { commandName, comparablePath, hasDirectoryPart, pathModuleFor } from "./path-keys.js";
import {
  type HostSnapshot,
  type HostSnapshotInput,
  parseHostSnapshot,
  type SnapshotCommand,
} from "./snapshot-schema.js";

const DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";

function commandBytes(command: SnapshotCommand): Uint8Array {
  const encoding = command.stdoutEncoding === "utf8" ? "utf8" : command.stdoutEncoding;
  return new Uint8Array(Buffer.from(command.stdout, encoding));
}

function foldedRecord<Value>(platform: NodeJS.Platform, record: Record<string, Value>): Map<string, Value> {
  const folded = new Map<string, Value>();
  for (const [key, value] of Object.entries(record)) {
    folded.set(platform === "win32" ? key.toLowerCase() : key, value);
  }
  return folded;
}

/**
 * Replays a recorded host. A path not in `files` does not exist; a command not in `commands` is not
 * found. On Windows, paths, variable names and registry keys compare case-insensitively. A command's
 * `argv[0]` given as a bare file name matches that program anywhere (`wsl`, `wsl.exe`); given as a
 * path it matches that path only.
 */
export function createSnapshotHost(input: HostSnapshot | HostSnapshotInput): HostFacts {
  const snapshot = parseHostSnapshot(input);
  const { platform } = snapshot;
  const fold = (key: string): string => (platform === "win32" ? key.toLowerCase() : key);
  const env = foldedRecord(platform, snapshot.env);
  const registry = foldedRecord(platform, snapshot.registry);
  const files = new Map<string, { spelling: string; fact: FileFact }>();
  for (const [spelling, fact] of Object.entries(snapshot.files)) {
    files.set(comparablePath(platform, spelling), { spelling, fact });
  }
  const pathLookups = snapshot.pathLookups ? foldedRecord(platform, snapshot.pathLookups) : undefined;
  const module = pathModuleFor(platform);

  function derivePathLookup(command: string): string[] {
    const entries = (env.get(fold("PATH")) ?? "").split(platform === "win32" ? ";" : ":");
    const extensions =
      platform === "win32" && !/\.[^\\/.]+$/.test(command)
        ? (env.get(fold("PATHEXT")) ?? DEFAULT_PATHEXT).split(";").filter(Boolean)
        : [""];
    const hits: string[] = [];
    for (const entry of entries) {
      const directory = entry.replace(/^"(.*)"$/, "$1");
      if (!module.isAbsolute(directory)) continue;
      for (const extension of extensions) {
        const found = files.get(comparablePath(platform, module.join(directory, command + extension)));
        if (found && found.fact.type === "file" && !hits.includes(found.spelling)) hits.push(found.spelling);
      }
    }
    return hits;
  }

  function findCommand(argv: readonly string[]): SnapshotCommand | undefined {
    const [program, ...rest] = argv;
    if (program === undefined) return undefined;
    const sameArguments = (candidate: SnapshotCommand): boolean =>
      candidate.argv.length === argv.length &&
      candidate.argv.slice(1).every((word, index) => word === rest[index]);
    const byPath = snapshot.commands.find(
      (candidate) =>
        sameArguments(candidate) &&
        hasDirectoryPart(platform, candidate.argv[0]!) &&
        comparablePath(platform, candidate.argv[0]!) === comparablePath(platform, program),
    );
    if (byPath) return byPath;
    return snapshot.commands.find(
      (candidate) =>
        sameArguments(candidate) &&
        !hasDirectoryPart(platform, candidate.argv[0]!) &&
        commandName(platform, candidate.argv[0]!) === commandName(platform, program),
    );
  }

  return {
    platform,
    env: (name) => env.get(fold(name)),
    fileInfo: async (target) => files.get(comparablePath(platform, target))?.fact ?? null,
    findOnPath: async (command) => pathLookups?.get(fold(command)) ?? derivePathLookup(command),
    readRegistry: async (key, value) => registry.get(fold(registryEntryName(key, value))) ?? null,
    runProbe: async (argv, timeoutMs): Promise<ProbeResult> => {
      const command = findCommand(argv);
      if (!command) return { outcome: "not-found", exitCode: null, stdout: new Uint8Array() };
      const duration = command.durationMs;
      if (duration !== undefined && duration > timeoutMs) {
        return { outcome: "timed-out", exitCode: null, stdout: new Uint8Array(), durationMs: timeoutMs };
      }
      const outcome = command.timedOut ? "timed-out" : command.exitCode === null ? "failed" : "exited";
      return {
        outcome,
        exitCode: command.exitCode,
        stdout: commandBytes(command),
        ...(duration === undefined ? {} : { durationMs: duration }),
      };
    },
  };
}
