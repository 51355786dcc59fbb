import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { protectionOf } from "../rules/protected-paths.js";
import { inner } from "./inner-command.js";
import type { Nested } from "./nested.js";

const ENGINES = new Set(["docker", "podman", "nerdctl"]);
/** `docker run` options that take a value (as a separate word unless written `--name=value`). */
const WITH_VALUE = new Set(
  "-v --volume --mount -e --env --env-file -p --publish -w --workdir --name --network --net -u --user --entrypoint -h --hostname --label -l --add-host --cpus -m --memory --device --cap-add --cap-drop --security-opt --restart --log-driver --log-opt --ulimit --tmpfs --platform --pull --gpus --ipc --pid --dns --expose --link --shm-size --stop-signal --runtime --volumes-from --cidfile -a --attach --health-cmd --memory-swap --cgroupns --uts --userns --label-file --mac-address --ip --ip6 --group-add --cpuset-cpus --stop-timeout --sysctl --detach-keys --isolation".split(
    " ",
  ),
);

interface Mount {
  readonly source: string;
  readonly target: string;
}

function parseMount(option: string, value: string): Mount | undefined {
  if (option === "--mount") {
    const fields = new Map(
      value.split(",").map((field) => {
        const [key = "", rest = ""] = field.split("=", 2);
        return [key.trim().toLowerCase(), rest] as const;
      }),
    );
    if (fields.has("readonly") || fields.has("ro") || (fields.get("type") ?? "bind") !== "bind")
      return undefined;
    const source = fields.get("source") ?? fields.get("src");
    const target = fields.get("target") ?? fields.get("destination") ?? fields.get("dst");
    return source && target ? { source, target } : undefined;
  }
  const parts = value.split(":");
  // `C:\x:/y` on Windows: a drive letter is no separator.
  if (/^[a-z]$/i.test(parts[0] ?? "") && parts.length > 2) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
  if (parts.length < 2 || /(^|,)ro(,|$)/.test(parts[2] ?? "")) return undefined;
  return { source: parts[0]!, target: parts[1]! };
}

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
  const mounts: Mount[] = [];
  let entrypoint: ExpandedWord | undefined;
  let index = verb + 1;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (!value.startsWith("-")) break;
    const [option = "", attached] = value.startsWith("--") ? value.split(/=(.*)/s, 2) : [value, undefined];
    if (!WITH_VALUE.has(option)) continue;
    const argument = attached ?? args[++index]?.value ?? "";
    if (option === "-v" || option === "--volume" || option === "--mount") {
      const mount = parseMount(option, argument);
      if (mount) mounts.push(mount);
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

function hostSpelling(word: ExpandedWord, mounts: readonly Mount[]): ExpandedWord {
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
