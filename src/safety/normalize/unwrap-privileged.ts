import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { ownEntry } from "../own-entry.js";
import { inner, joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex } from "./skip-options.js";
import { WRAPPERS } from "./wrappers.js";

/** `sudo -s CMD`, `sudo -i CMD`, `doas -s`: the command line is run by the target user's shell. */
export function unwrapPrivileged(
  name: string,
  invocation: Invocation,
  args: readonly ExpandedWord[],
): Nested[] {
  const index = commandIndex(args, ownEntry(WRAPPERS, name) ?? {});
  const options = args.slice(0, index === -1 ? args.length : index);
  const shell = options.some(
    (word) => /^-[a-zA-Z]*[si]/.test(word.value) || word.value === "--shell" || word.value === "--login",
  );
  if (index === -1) {
    // `sudo -s` / `sudo -i` / `doas -s` with no command: the root shell reads its commands from stdin.
    return shell && invocation.stdin
      ? [{ kind: "script", text: invocation.stdin.read(), origin: `input piped into ${name} -s` }]
      : [];
  }
  const rest = args.slice(index);
  if (shell && name === "sudo") return [{ kind: "script", text: joined(rest), origin: `${name} -s` }];
  return [inner(invocation, rest, name)];
}
/** `su [-] [user] -c CMD`, `runuser -u USER -- CMD`, `runuser -l USER -c CMD`. */
export function unwrapSwitchUser(
  name: string,
  invocation: Invocation,
  args: readonly ExpandedWord[],
): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" || value === "--command" || value === "--session-command") {
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: `${name} -c` }];
    }
    if (value.startsWith("--command="))
      return [{ kind: "script", text: value.slice(10), origin: `${name} -c` }];
  }
  if (name === "runuser") {
    const userIndex = args.findIndex((word) => word.value === "-u" || word.value === "--user");
    if (userIndex !== -1) {
      const index = commandIndex(args, {
        withArgument: "ugGsw",
        longWithArgument: ["--user", "--group", "--shell"],
      });
      if (index !== -1) return [inner(invocation, args.slice(index), name)];
    }
  }
  return [];
}

/** Option letters taking an argument, per graphical front-end (`gksu -u USER`, `pfexec -P SPEC`). */
const FRONT_END_GRAMMAR: Record<string, { withArgument: string; longWithArgument: string[] }> = {
  gksu: { withArgument: "uDmg", longWithArgument: ["--user", "--description", "--message"] },
  gksudo: { withArgument: "uDmg", longWithArgument: ["--user", "--description", "--message"] },
  kdesu: { withArgument: "upfi", longWithArgument: ["--user", "--priority", "--icon"] },
  kdesudo: { withArgument: "upfi", longWithArgument: ["--user", "--priority", "--icon", "--comment"] },
  "xdg-su": { withArgument: "u", longWithArgument: [] },
  lxsudo: { withArgument: "", longWithArgument: [] },
  beesu: { withArgument: "", longWithArgument: [] },
  pfexec: { withArgument: "P", longWithArgument: [] },
};

/**
 * `gksu CMD`, `kdesu -c 'CMD'`, `xdg-su -c CMD`, `pfexec CMD`: the command runs as root. A single
 * command argument is a command line handed to `su -c`, so it is parsed as shell text.
 */
export function unwrapFrontEnd(
  name: string,
  invocation: Invocation,
  args: readonly ExpandedWord[],
): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" || value === "--command")
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: `${name} -c` }];
  }
  const index = commandIndex(args, ownEntry(FRONT_END_GRAMMAR, name) ?? {});
  if (index === -1) return [];
  const rest = args.slice(index);
  return rest.length === 1 && name !== "pfexec"
    ? [{ kind: "script", text: rest[0]!.value, origin: name }]
    : [inner(invocation, rest, name)];
}
