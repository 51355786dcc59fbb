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
