import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Nested } from "./nested.js";

/** The command a wrapper runs: the wrapper's invocation with `words` in its place, remembering `via`. */
export function inner(
  invocation: Invocation,
  words: readonly ExpandedWord[],
  via: string,
  extra: Partial<Invocation> = {},
): Nested {
  return {
    kind: "invocation",
    via,
    invocation: {
      ...invocation,
      redirects: [],
      words,
      via: [...(invocation.via ?? []), via],
      ...extra,
    },
  };
}

/** The words as one line of shell text, for wrappers that hand their arguments to a shell. */
export function joined(words: readonly ExpandedWord[]): string {
  return words.map((word) => word.value).join(" ");
}
