export const DESCRIPTION_LIMIT = 600;

/**
 * Joins the required sentences, then as many optional ones (in order) as still fit the limit. If
 * the required ones alone are too long (an enormous path), the text is cut with an ellipsis.
 */
export function fitSentences(
  required: readonly string[],
  optional: readonly string[],
  limit = DESCRIPTION_LIMIT,
): string {
  let text = required.join(" ");
  for (const sentence of optional) {
    const candidate = `${text} ${sentence}`;
    if (candidate.length <= limit) text = candidate;
  }
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
