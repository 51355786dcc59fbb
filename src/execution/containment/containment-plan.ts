/** Whether and how a started process is contained. Pure: decided from plain facts. */
export type ContainmentDecision =
  | { readonly kind: "job-object" }
  | { readonly kind: "none"; readonly reason: string };

export interface ContainmentFacts {
  readonly platform: NodeJS.Platform;
  /** The root's pid; undefined when the spawn failed before a process existed. */
  readonly pid: number | undefined;
  /** Why the job API cannot be used on this host, when it cannot (koffi missing, kernel32 refused). */
  readonly unavailable?: string;
}

/**
 * Windows gets a Job Object per process tree: MSYS and Cygwin break parent links whenever one of
 * their programs execs another, so neither `taskkill /T` nor a process listing can find the whole
 * tree. POSIX has process groups and needs none.
 */
export function planContainment(facts: ContainmentFacts): ContainmentDecision {
  if (facts.platform !== "win32") return { kind: "none", reason: "process groups contain the tree on POSIX" };
  if (facts.pid === undefined) return { kind: "none", reason: "no process was started" };
  if (facts.unavailable !== undefined) {
    return { kind: "none", reason: `Job Objects are unavailable (${facts.unavailable})` };
  }
  return { kind: "job-object" };
}

/** How a process about to be spawned will be contained. */
export type StartDecision =
  /** The launcher joins the job first, then starts the program: nothing is born outside. */
  | { readonly kind: "launcher"; readonly launcher: string }
  /** The program is spawned, then assigned: a child it creates at once can be born outside. */
  | { readonly kind: "assign-after-spawn"; readonly reason: string }
  | { readonly kind: "none"; readonly reason: string };

export interface StartFacts {
  readonly platform: NodeJS.Platform;
  readonly arch: NodeJS.Architecture;
  /** Why the job API cannot be used on this host, when it cannot. */
  readonly unavailable?: string;
  /** The launcher binary, when the package has it. */
  readonly launcher: string | undefined;
  /** Whether the launcher can start this program (see `launchable`). */
  readonly launchable: boolean;
  /** A detached start is meant to outlive shellgate; a kill-on-close job would end it with the host. */
  readonly detached: boolean;
}

/**
 * The launcher is an x64 binary, which arm64 Windows also runs; a 32-bit node may be on a 32-bit
 * Windows, which cannot. Where the launcher cannot be used, the process is assigned right after
 * the spawn, with the race that `contain-process.ts` describes.
 */
export function planContainedStart(facts: StartFacts): StartDecision {
  if (facts.platform !== "win32") return { kind: "none", reason: "process groups contain the tree on POSIX" };
  if (facts.detached) return { kind: "none", reason: "a detached start is meant to outlive shellgate" };
  if (facts.unavailable !== undefined) {
    return { kind: "none", reason: `Job Objects are unavailable (${facts.unavailable})` };
  }
  if (facts.arch !== "x64" && facts.arch !== "arm64") {
    return {
      kind: "assign-after-spawn",
      reason: `the launcher is built for x64 and arm64 Windows, not ${facts.arch}`,
    };
  }
  if (facts.launcher === undefined) {
    return { kind: "assign-after-spawn", reason: "this install has no launcher binary" };
  }
  if (!facts.launchable) {
    return { kind: "assign-after-spawn", reason: "the program is not an absolute .exe or .com path" };
  }
  return { kind: "launcher", launcher: facts.launcher };
}
