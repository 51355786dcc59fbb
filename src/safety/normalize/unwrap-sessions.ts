import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { inner } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex } from "./skip-options.js";

// Programs that start a terminal session, a login or a multiplexer window running a command.

/** `screen -dm CMD`: a detached session runs CMD. */
export function unwrapScreen(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const index = commandIndex(args, { withArgument: "SptcehLlTX", longWithArgument: [] });
  return index === -1 ? [] : [inner(invocation, args.slice(index), "screen")];
}

export function unwrapMachinectl(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  // `machinectl shell [USER@]HOST COMMAND…` runs COMMAND as that user (root by default).
  if (args[0]?.value !== "shell") return [];
  const rest = args
    .slice(1)
    .filter(
      (word, index, all) =>
        !(word.value.startsWith("-") && all.slice(0, index).every((w) => w.value.startsWith("-"))),
    );
  return rest.length > 1 ? [inner(invocation, rest.slice(1), "machinectl")] : [];
}
