import path from "node:path";

/**
 * Which copy of a helper program the host may run. Pure.
 *
 * The sandbox's helpers (bubblewrap, socat, ripgrep) run on the host, outside the sandbox, and a
 * lookup by name takes the first one on PATH. Under `npx`, `npm exec` or `npm run` that is
 * `<project>/node_modules/.bin`, inside the working directory a sandboxed command may write: a fake
 * `bwrap` planted there would run every later command unsandboxed. So each helper is taken once,
 * by its real path, from a place no sandboxed command can write and no other user owns.
 */

/** One directory on the way to a program, or the program itself. */
export interface FileOwnership {
  readonly path: string;
  readonly owner: number;
  readonly mode: number;
}

/** What a lookup found under one PATH entry. */
export interface ProgramCandidate {
  /** Where the lookup found it, as spelled. */
  readonly path: string;
  /** Its real path, every link resolved. */
  readonly realPath: string;
  /** The program, then each directory above its real path up to the root. */
  readonly chain: readonly FileOwnership[];
}

export interface TrustContext {
  /** Real paths a sandboxed command can write: `allow_write` and the working directory. */
  readonly writableRoots: readonly string[];
  /** This process's user. */
  readonly uid: number;
}

export interface HelperSpec {
  /** The program name looked up. */
  readonly name: string;
  /** How errors name it (`bubblewrap (bwrap)`). */
  readonly label: string;
  /** What the error says when none is found, as the sandbox library words it. */
  readonly missing: string;
}

export const LINUX_HELPERS: readonly HelperSpec[] = [
  { name: "bwrap", label: "bubblewrap (bwrap)", missing: "bubblewrap (bwrap) not installed" },
  { name: "socat", label: "socat", missing: "socat not installed" },
  { name: "rg", label: "ripgrep (rg)", missing: "ripgrep (rg) not found" },
];

export function isWithin(child: string, parent: string): boolean {
  const relative = path.posix.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.posix.isAbsolute(relative));
}

const STICKY = 0o1000;
const OTHERS_WRITE = 0o002;

/**
 * Whether the sandboxed side could replace the program under a writable root: as root it can write
 * anything there; as another user, what it owns or what is open to writes (a non-root user's
 * sandbox at `/` still cannot replace root's /usr/bin/bwrap).
 */
function replaceableUnder(candidate: ProgramCandidate, root: string, uid: number): boolean {
  if (uid === 0) return true;
  return candidate.chain.some(
    (entry) => isWithin(entry.path, root) && (entry.owner === uid || (entry.mode & 0o022) !== 0),
  );
}

/** Why the host must not run this candidate, or undefined when it may. */
export function untrustedReason(candidate: ProgramCandidate, context: TrustContext): string | undefined {
  const root = context.writableRoots.find(
    (entry) => isWithin(candidate.realPath, entry) && replaceableUnder(candidate, entry, context.uid),
  );
  if (root !== undefined) {
    const where = candidate.realPath === candidate.path ? "" : ` (really ${candidate.realPath})`;
    return `${candidate.path}${where} lies inside ${root}, which a sandboxed command can write`;
  }
  for (const [index, entry] of candidate.chain.entries()) {
    if (entry.owner !== 0 && entry.owner !== context.uid) {
      return `${entry.path} belongs to uid ${entry.owner}, neither root nor this user`;
    }
    // A directory anyone may write lets anyone swap what is in it, unless it is sticky (/tmp).
    const directory = index > 0;
    if ((entry.mode & OTHERS_WRITE) !== 0 && !(directory && (entry.mode & STICKY) !== 0)) {
      return `${entry.path} is writable by every user`;
    }
  }
  return undefined;
}

export type HelperChoice =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The first candidate the host may run, by its real path; otherwise the one sentence that says why
 * there is none (the library's own wording when none was found at all, so the fix names the package).
 */
export function chooseHelper(
  spec: HelperSpec,
  candidates: readonly ProgramCandidate[],
  context: TrustContext,
): HelperChoice {
  const refused: string[] = [];
  for (const candidate of candidates) {
    const reason = untrustedReason(candidate, context);
    if (reason === undefined) return { ok: true, path: candidate.realPath };
    refused.push(reason);
  }
  if (refused.length === 0) return { ok: false, reason: spec.missing };
  return {
    ok: false,
    reason:
      `${spec.label} was found only where the host must not run it (${refused.join("; ")}), ` +
      `so a sandboxed command may have planted it: install ${spec.label} in a system directory`,
  };
}

/**
 * The programs the sandbox library runs by name, on the host, with this process's PATH: `which`
 * (for every wrap) and `npm` (`npm root -g`, once, where its seccomp helper is not bundled).
 * The first of each on PATH must be one the host may run.
 */
export const LOOKED_UP_BY_NAME = ["which", "npm"] as const;

/** Why the first `name` on PATH must not run on the host; undefined when it may, or when there is none. */
export function untrustedLookupReason(
  name: string,
  first: ProgramCandidate | undefined,
  context: TrustContext,
): string | undefined {
  if (first === undefined) return undefined;
  const reason = untrustedReason(first, context);
  return reason === undefined
    ? undefined
    : `the first \`${name}\` on PATH, which the sandbox library runs on the host, is not safe to run (${reason}): ` +
        "start shellgate with a PATH whose directories no sandboxed command can write";
}

/**
 * Where a sandboxed command must not create a program the library runs by name: in each PATH
 * directory inside a writable root (`node_modules/.bin` under npx). A read-only mount there keeps
 * the name free, so the lookup goes on to the system's copy.
 */
export function guardedLookupPaths(pathEntries: readonly string[], context: TrustContext): string[] {
  const guarded = pathEntries.filter((entry) => context.writableRoots.some((root) => isWithin(entry, root)));
  return [
    ...new Set(guarded.flatMap((entry) => LOOKED_UP_BY_NAME.map((name) => path.posix.join(entry, name)))),
  ];
}
