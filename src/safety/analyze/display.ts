import {
  displayWord,
  type ExpandedWord,
  HOME_PATH,
  UNKNOWN,
  UNKNOWN_NONEMPTY,
} from "../extract/expanded-word.js";

/** The normalised command: quotes resolved, directories stripped from the command name. */
export function displayCommand(words: readonly ExpandedWord[]): string {
  return words
    .map((word, index) => (index === 0 ? displayWord(withoutDirectory(word)) : displayWord(word)))
    .join(" ");
}

function withoutDirectory(word: ExpandedWord): ExpandedWord {
  if (word.dynamic || word.glob || !word.value.includes("/") || word.value.endsWith("/")) return word;
  return { ...word, value: word.value.slice(word.value.lastIndexOf("/") + 1) };
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
