import type { SafetyContext, StartPlace } from "../../safety/context.js";
import { safetyContextFor } from "../../safety/context.js";
import type { Verdict } from "../../safety/verdict.js";

/**
 * The safety gate as an engine calls it: always with the context of the start (its directory, the
 * environment it starts from, the shell), never with the command alone. `createSafetyGate(...).check`
 * fits as it is.
 */
export type StartCheck = (command: string, context: SafetyContext) => Verdict;

/** What the admission step judged: the command and the directory it named. */
interface AdmittedStart {
  readonly command: string;
  readonly cwd: string;
}

// Verdicts the admission step gave, with what they were given for. A verdict handed to an engine is
// honoured as "already judged" only when it is one of these, for the same command in the same
// directory: a verdict built by hand, or one for another command or place, is judged again.
const admitted = new WeakMap<Verdict, AdmittedStart>();

/** Marks `verdict` as the admission step's verdict for `command` in `cwd` (src/api/admission only). */
export function recordAdmission(verdict: Verdict, command: string, cwd: string): void {
  admitted.set(verdict, { command, cwd });
}

export interface JudgeStartOptions {
  /** The verdict the admission step passed on, if any. */
  readonly verdict?: Verdict | undefined;
  /** The gate, asked when no admission verdict covers this start. */
  readonly check?: StartCheck | undefined;
  /**
   * Whether the admission named this start's directory: the engine's own spelling of it may differ
   * (a Git Bash `/c/…` workdir lands at `C:\…`). Default: the two strings are equal.
   */
  readonly sameDirectory?: (admittedCwd: string) => boolean;
}

/**
 * The verdict one start runs under. A blocking verdict always stands (stricter, never laxer); an
 * allowing one only when the admission step gave it for this command here; otherwise the gate is
 * asked now, with the start's context. Undefined when there is neither (a caller that passed no
 * gate: nothing is judged, by the caller's choice).
 */
export function judgeStart(
  command: string,
  place: StartPlace,
  options: JudgeStartOptions,
): Verdict | undefined {
  const given = options.verdict;
  if (given && !given.allowed) return given;
  if (given) {
    const record = admitted.get(given);
    const here = options.sameDirectory ?? ((cwd: string) => cwd === place.cwd);
    if (record && record.command === command && here(record.cwd)) return given;
  }
  return options.check?.(command, safetyContextFor(place));
}
