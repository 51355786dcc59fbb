import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { protectionOf } from "../rules/protected-paths.js";
import { parseContainerMount, RUN_OPTIONS_WITH_VALUE } from "./container-run.js";
import { inner } from "./inner-command.js";
import type { Nested } from "./nested.js";

const ENGINES = new Set(["docker", "podman", "nerdctl"]);

/**
 * `docker run -v /:/host IMAGE rm -rf /host/etc`: a host path mounted into a container is the host, so
 * the container's command is judged with each mount's target spelled as its host source. Only mounts
 * of `/`, system directories and the home matter (anything else is the project's to change).
 */
export function unwrapContainer(name: string, invocation: Invocation, scope: Scope): Nested[] {
  if (!ENGINES.has(name)) return [];
  const args = invocation.words.slice(1);
  const verb = args.findIndex((word) => !word.value.startsWith("-"));
  if (verb === -1 || !["run", "create"].includes(args[verb]!.value)) return [];
  const mounts: HostMount[] = [];
  let entrypoint: ExpandedWord | undefined;
  let index = verb + 1;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (!value.startsWith("-")) break;
    const [option = "", attached] = value.startsWith("--") ? value.split(/=(.*)/s, 2) : [value, undefined];
    if (!RUN_OPTIONS_WITH_VALUE.has(option)) continue;
    const argument = attached ?? args[++index]?.value ?? "";
    if (option === "-v" || option === "--volume" || option === "--mount") {
      // Only a writable bind reaches the host (a `--mount` without a type is read as one).
      const mount = parseContainerMount(option, argument);
      if (mount?.target !== undefined && !mount.readOnly && (mount.type ?? "bind") === "bind")
        mounts.push({ source: mount.source, target: mount.target });
    } else if (option === "--entrypoint")
      entrypoint = { ...args[index]!, value: argument, pattern: argument };
  }
  const command = args.slice(index + 1);
  const dangerous = mounts.filter((mount) => {
    const source = { ...args[0]!, value: mount.source, pattern: mount.source, glob: false };
    return protectionOf(source, scope) !== undefined || resolveIn(mount.source, scope) === "/";
  });
  if (dangerous.length === 0 || (command.length === 0 && !entrypoint)) return [];
  const words = [...(entrypoint ? [entrypoint] : []), ...command].map((word) =>
    hostSpelling(word, dangerous),
  );
  return [inner(invocation, words, `${name} run with a host mount`)];
}

interface HostMount {
  readonly source: string;
  readonly target: string;
}

function hostSpelling(word: ExpandedWord, mounts: readonly HostMount[]): ExpandedWord {
  let value = word.value;
  for (const mount of mounts) {
    const target = mount.target.replace(/\/+$/, "");
    if (target === "") continue;
    const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const source = mount.source.replace(/\/+$/, "") || "/";
    const before = `(^|[\\s'"=:;&|(])${escaped}`;
    value = value
      .replace(
        new RegExp(`${before}(?=/)`, "g"),
        (_, lead: string) => `${lead}${source === "/" ? "" : source}`,
      )
      .replace(new RegExp(`${before}(?=$|[\\s'";&|)])`, "g"), (_, lead: string) => `${lead}${source}`);
  }
  return value === word.value ? word : { ...word, value, pattern: value, glob: word.glob };
}
