import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { ownEntry } from "../own-entry.js";
import { inner, joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex } from "./skip-options.js";
import { unwrapEnv } from "./unwrap-env.js";
import { type FileText, unwrapFind, unwrapParallel, unwrapXargs } from "./unwrap-per-item.js";
import { unwrapFrontEnd, unwrapPrivileged, unwrapSwitchUser } from "./unwrap-privileged.js";
import { unwrapRunner } from "./unwrap-runners.js";
import { unwrapMachinectl, unwrapScreen } from "./unwrap-sessions.js";
import { unwrapGdb, unwrapPerf } from "./unwrap-tracers.js";
import { WRAPPERS } from "./wrappers.js";

export { WRAPPERS } from "./wrappers.js";

/** `flock FILE CMD`, `flock FILE -c TEXT`: the command runs while the lock is held. */
function unwrapFlock(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" || value === "--command")
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: "flock -c" }];
  }
  const index = commandIndex(args, {
    withArgument: "wE",
    longWithArgument: ["--timeout", "--conflict-exit-code"],
    operands: 1,
  });
  return index === -1 ? [] : [inner(invocation, args.slice(index), "flock")];
}

/** `watch CMD`: shell text run over and over; with `-x` the words are run directly. */
function unwrapWatch(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const index = commandIndex(args, { withArgument: "nq", longWithArgument: ["--interval", "--equexit"] });
  if (index === -1) return [];
  const rest = args.slice(index);
  if (args.slice(0, index).some((word) => /^(-[a-zA-Z]*x|--exec)$/.test(word.value)))
    return [inner(invocation, rest, "watch")];
  return [{ kind: "script", text: joined(rest), origin: "watch" }];
}

/** The commands a wrapper program runs, or [] when `name` is not a wrapper. */
export function unwrap(name: string, invocation: Invocation, fileText?: FileText): Nested[] {
  const args = invocation.words.slice(1);
  switch (name) {
    case "env":
      return unwrapEnv(invocation, args);
    case "sudo":
    case "doas":
      return unwrapPrivileged(name, invocation, args);
    case "gksu":
    case "gksudo":
    case "kdesu":
    case "kdesudo":
    case "xdg-su":
    case "lxsudo":
    case "beesu":
    case "pfexec":
      return unwrapFrontEnd(name, invocation, args);
    case "su":
    case "runuser":
      return unwrapSwitchUser(name, invocation, args);
    case "xargs":
      return unwrapXargs(invocation, args, fileText);
    case "find":
      return unwrapFind(invocation, args);
    case "flock":
      return unwrapFlock(invocation, args);
    case "watch":
      return unwrapWatch(invocation, args);
    case "machinectl":
      return unwrapMachinectl(invocation, args);
    case "sg": {
      // `sg GROUP -c TEXT`: shell text run with the group.
      if (args[1]?.value === "-c") return [{ kind: "script", text: args[2]?.value ?? "", origin: "sg -c" }];
      const index = commandIndex(args, WRAPPERS.sg ?? {});
      return index === -1 ? [] : [inner(invocation, args.slice(index), "sg")];
    }
    case "coproc": {
      // `coproc NAME { …; }`: tree-sitter reads the group as words after the name.
      const rest = args[1]?.value === "{" && args[1].source === "{" ? args.slice(2) : args;
      return rest.length > 0 ? [inner(invocation, rest, "coproc")] : [];
    }
    case "screen":
      return unwrapScreen(invocation, args);
    case "parallel":
      return unwrapParallel(args, invocation.stdin?.read());
    case "perf":
      return unwrapPerf(invocation, args);
    case "gdb":
      return unwrapGdb(invocation, args);
    default: {
      const grammar = ownEntry(WRAPPERS, name);
      if (!grammar) return unwrapRunner(name, invocation, args);
      const index = commandIndex(args, grammar);
      return index === -1 ? [] : [inner(invocation, args.slice(index), name)];
    }
  }
}
