import { displayWord, type ExpandedWord, HOME_PATH, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";

export function displayCommand(words: readonly ExpandedWord[]): string {
  return words.map(displayWord).join(" ");
}

/** The command as plain words, the form allow/deny patterns are matched against. */
export function matchTextOf(words: readonly ExpandedWord[]): string {
  return words
    .map((word) =>
      word.value
        .replaceAll(HOME_PATH, "~")
        .replaceAll(UNKNOWN, word.source)
        .replaceAll(UNKNOWN_NONEMPTY, word.source),
    )
    .join(" ");
}
