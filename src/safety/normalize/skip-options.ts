import type { ExpandedWord } from "../extract/expanded-word.js";

export interface OptionGrammar {
  /** Short option letters that take an argument (attached or as the next word). */
  readonly withArgument?: string;
  /** Long options (without `=`) that take the next word as argument. */
  readonly longWithArgument?: readonly string[];
  /** Short letters after which no command follows (`command -v`, `chrt -p`). */
  readonly noCommand?: string;
  readonly longNoCommand?: readonly string[];
  /** Operands that come before the command (`timeout DURATION`, `chrt PRIORITY`). */
  readonly operands?: number;
  /** Options are only recognised before the first operand (true for most wrappers). */
  readonly numericOptions?: boolean;
}

/** Index of the wrapped command word in `args`, or -1 when there is none. */
export function commandIndex(args: readonly ExpandedWord[], grammar: OptionGrammar): number {
  let index = 0;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") {
      index += 1;
      break;
    }
    if (value.startsWith("--")) {
      const name = value.split("=", 1)[0]!;
      if (grammar.longNoCommand?.includes(name)) return -1;
      index += !value.includes("=") && grammar.longWithArgument?.includes(name) ? 2 : 1;
      continue;
    }
    if (!value.startsWith("-") || value === "-") break;
    let consumed = 1;
    for (let position = 1; position < value.length; position += 1) {
      const letter = value[position]!;
      if (grammar.noCommand?.includes(letter)) return -1;
      if (grammar.withArgument?.includes(letter)) {
        if (position === value.length - 1) consumed = 2;
        break;
      }
    }
    index += consumed;
  }
  index += grammar.operands ?? 0;
  return index < args.length ? index : -1;
}
