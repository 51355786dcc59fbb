import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { SandboxPolicy } from "./sandbox-policy.js";
import {
  chooseHelper,
  type FileOwnership,
  guardedLookupPaths,
  type HelperChoice,
  LINUX_HELPERS,
  LOOKED_UP_BY_NAME,
  type ProgramCandidate,
  type TrustContext,
  untrustedLookupReason,
} from "./trusted-helpers.js";

/** Where the helpers are looked for after PATH: the system's own directories. */
const SYSTEM_DIRECTORIES = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"];

/** The helpers the host runs for the sandbox, each by a real path it may run. */
export interface LinuxHelpers {
  readonly bwrap: string;
  readonly socat: string;
  readonly rg: string;
}

/** The absolute entries of a PATH value, in order (a relative one would depend on the cwd). */
export function pathEntries(value: string | undefined): string[] {
  return (value ?? "").split(":").filter((entry) => path.posix.isAbsolute(entry));
}

function ownership(target: string): FileOwnership {
  const stats = statSync(target);
  return { path: target, owner: stats.uid, mode: stats.mode & 0o7777 };
}

/** What is at `file`, when it is an executable regular file. */
export function inspectProgram(file: string): ProgramCandidate | undefined {
  try {
    const realPath = realpathSync(file);
    if (!statSync(realPath).isFile()) return undefined;
    accessSync(realPath, constants.X_OK);
    const chain = [ownership(realPath)];
    for (let directory = path.dirname(realPath); ; directory = path.dirname(directory)) {
      chain.push(ownership(directory));
      if (directory === path.dirname(directory)) break;
    }
    return { path: file, realPath, chain };
  } catch {
    return undefined;
  }
}

function candidates(name: string, directories: readonly string[]): ProgramCandidate[] {
  const found = new Map<string, ProgramCandidate>();
  for (const directory of directories) {
    const candidate = inspectProgram(path.posix.join(directory, name));
    if (candidate && !found.has(candidate.realPath)) found.set(candidate.realPath, candidate);
  }
  return [...found.values()];
}

/** Each existing root by its real path (a symlinked `/tmp` on the way must not hide one). */
export function realRoots(roots: readonly string[]): string[] {
  const real = roots.flatMap((root) => {
    try {
      return [root, realpathSync(root)];
    } catch {
      return [root];
    }
  });
  return [...new Set(real)];
}

/** What a sandboxed command can write, as the host judges what it may run: `allow_write` and the cwd. */
export function trustContextFor(policy: Pick<SandboxPolicy, "allowWrite">, cwd: string): TrustContext {
  return { writableRoots: realRoots([...policy.allowWrite, cwd]), uid: process.getuid?.() ?? -1 };
}

export interface HelperLookup {
  readonly choices: Readonly<Record<keyof LinuxHelpers, HelperChoice>>;
  /** Why a program the library runs by name (`which`, `npm`) is not safe to run, if one is not. */
  readonly lookupProblem?: string | undefined;
}

/** Looks every Linux helper up on `searchPath`, then in the system's directories, and judges each. */
export function findLinuxHelpers(searchPath: string | undefined, context: TrustContext): HelperLookup {
  const directories = [...new Set([...pathEntries(searchPath), ...SYSTEM_DIRECTORIES])];
  const [bwrap, socat, rg] = LINUX_HELPERS.map((spec) =>
    chooseHelper(spec, candidates(spec.name, directories), context),
  ) as [HelperChoice, HelperChoice, HelperChoice];
  return { choices: { bwrap, socat, rg }, lookupProblem: lookupProblem(searchPath, context) };
}

/** Why a program the library runs by name would not be safe to run from `searchPath`, if so. */
export function lookupProblem(searchPath: string | undefined, context: TrustContext): string | undefined {
  const entries = pathEntries(searchPath);
  for (const name of LOOKED_UP_BY_NAME) {
    const first = candidates(name, entries)[0];
    const problem = untrustedLookupReason(name, first, context);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The paths a sandboxed command must not create (see `guardedLookupPaths`), in existing PATH directories. */
export function guardedPaths(searchPath: string | undefined, context: TrustContext): string[] {
  const existing = pathEntries(searchPath).flatMap((entry) => {
    try {
      return statSync(entry).isDirectory() ? [realpathSync(entry)] : [];
    } catch {
      return [];
    }
  });
  return guardedLookupPaths(existing, context);
}
