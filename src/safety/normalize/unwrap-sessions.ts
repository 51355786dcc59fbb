import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { inner, joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex } from "./skip-options.js";

// Programs that start a terminal session, a login or a multiplexer window running a command.

/** `script -c CMD`: the typescript recorder runs CMD as shell text. */
export function unwrapScript(args: readonly ExpandedWord[]): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") break;
    if (value.startsWith("--command="))
      return [{ kind: "script", text: value.slice(10), origin: "script -c" }];
    if (value === "--command" || /^-[a-zA-Z]*c$/.test(value))
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: "script -c" }];
    if (/^-[a-zA-Z]*c./.test(value))
      return [{ kind: "script", text: value.slice(value.indexOf("c") + 1), origin: "script -c" }];
  }
  return [];
}

/** `screen -dm CMD`: a detached session runs CMD. */
export function unwrapScreen(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const index = commandIndex(args, { withArgument: "SptcehLlTX", longWithArgument: [] });
  return index === -1 ? [] : [inner(invocation, args.slice(index), "screen")];
}

/** `tmux new-session CMD`, `tmux send-keys …`: the command is shell text run in a new pane. */
export function unwrapTmux(args: readonly ExpandedWord[]): Nested[] {
  const sub = args.findIndex((word) =>
    /^(new|new-session|new-window|neww|split-window|splitw|respawn-pane|run-shell|run|send-keys)$/.test(
      word.value,
    ),
  );
  if (sub === -1) return [];
  const rest = args.slice(sub + 1);
  const index = commandIndex(rest, { withArgument: "sntcxyFeEtTlp" });
  return index === -1
    ? []
    : [{ kind: "script", text: joined(rest.slice(index)), origin: `tmux ${args[sub]!.value}` }];
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
