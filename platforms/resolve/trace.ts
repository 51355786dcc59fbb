import type { ResolutionCandidate, ShellKind } from "./resolution.js";

/** Collects every candidate in the order considered, accepted or not. */
export class ResolutionTrace {
  readonly #candidates: ResolutionCandidate[] = [];

  accept(rule: string, path: string | null, kind: ShellKind, reason: string): void {
    this.#candidates.push({ rule, path, kind, accepted: true, reason });
  }

  reject(rule: string, path: string | null, kind: ShellKind | null, reason: string): void {
    this.#candidates.push({ rule, path, kind, accepted: false, reason });
  }

  get candidates(): readonly ResolutionCandidate[] {
    return [...this.#candidates];
  }
}
