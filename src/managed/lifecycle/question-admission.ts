import { ManagedProcessError } from "../managed-process-error.js";

/**
 * A trusted host callback that confirms the answers a start depends on. It must answer exactly
 * `{ admitted: true, questionIds: <the same ids> }`; it may throw to explain a refusal.
 */
export type QuestionAdmission = (questionIds: readonly string[]) => unknown;

/** True only for an exact acknowledgement of exactly these ids, in order. */
export function isExactAdmission(answer: unknown, questionIds: readonly string[]): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { admitted, questionIds: acknowledged } = answer as { admitted?: unknown; questionIds?: unknown };
  if (admitted !== true || !Array.isArray(acknowledged)) return false;
  return (
    acknowledged.length === questionIds.length && acknowledged.every((id, index) => id === questionIds[index])
  );
}

/**
 * Fails closed: no capability, silence, `false`, extra or missing ids — nothing starts. Called
 * after approvals and immediately before spawning, so a stale answer cannot admit work.
 */
export async function admitQuestions(
  questionIds: readonly string[],
  admission: QuestionAdmission | undefined,
): Promise<void> {
  if (questionIds.length === 0) return;
  if (admission === undefined) {
    throw new ManagedProcessError(
      "questions_not_admitted",
      "Required question answers cannot be verified by this host; nothing was started. Start without question_ids, or ask the host to provide question admission.",
    );
  }
  let answer: unknown;
  try {
    answer = await admission(questionIds);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ManagedProcessError(
      "questions_not_admitted",
      `The host refused the question answers (${why}); nothing was started.`,
    );
  }
  if (!isExactAdmission(answer, questionIds)) {
    throw new ManagedProcessError(
      "questions_not_admitted",
      "The host did not confirm these exact question answers; nothing was started. Make sure every listed question is answered in this conversation, then start again.",
    );
  }
}
