import type { ExpandedWord } from "../extract/expanded-word.js";
import { resolveIn } from "../extract/paths.js";
import type { RuleHit } from "../finding.js";
import { parseContainerMount, RUN_OPTIONS_WITH_VALUE } from "../normalize/container-run.js";
import { protectionOf } from "./protected-paths.js";
import type { Rule } from "./rule.js";

/**
 * Containers started with the host handed to them: `--privileged` (every device and capability),
 * capabilities that reach the host kernel (SYS_ADMIN, SYS_MODULE, ALL, …), the host's root, system
 * directories or home mounted writable, the engine's own socket (whoever holds it starts another
 * privileged container), a disk device, or the host's process namespace with `nsenter` run inside.
 * What such a container does is done to this machine, and the image decides what runs, so strict
 * and standard block the start itself; `docker run -v /:/host … rm -rf /host` is also judged as the
 * host command it is (normalize/unwrap-container.ts).
 */

const ENGINES = new Set(["docker", "podman", "nerdctl", "finch"]);
const STARTS = new Set(["run", "create"]);
const HOST_CAPABILITIES =
  /^(CAP_)?(ALL|SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH|SYS_BOOT|SYS_TIME|NET_ADMIN|BPF|PERFMON|MKNOD|SYSLOG)$/i;
const ENGINE_SOCKETS =
  /(^|\/)(docker|podman|containerd|crio|cri-dockerd)\.sock$|^\/var\/run\/docker$|^\/run\/containerd$/;
const DISKS = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|dm-|md|mapper\/|disk\/|mem$|kmem$|port$|loop)/;

function escapeHit(what: string): RuleHit {
  return {
    rule: "container.host-access",
    severity: "dangerous",
    reason: `the container is started with ${what}, so whatever runs in it (the image decides) acts on this machine itself; run it without that, or mount only the project directory.`,
  };
}

/** `kubectl run --overrides='{…}'`: a pod spec asking for the node (privileged, host namespaces, host paths). */
function podOverridesHit(args: readonly ExpandedWord[]): RuleHit | undefined {
  if (args.find((word) => !word.value.startsWith("-"))?.value !== "run") return undefined;
  for (const [index, word] of args.entries()) {
    const spec = word.value.startsWith("--overrides=")
      ? word.value.slice(12)
      : word.value === "--overrides"
        ? args[index + 1]?.value
        : undefined;
    if (spec === undefined) continue;
    if (/"privileged"\s*:\s*true/.test(spec)) return escapeHit("a privileged pod spec");
    if (/"host(PID|IPC|Network)"\s*:\s*true/.test(spec)) return escapeHit("the node's namespaces");
    if (/"hostPath"\s*:\s*\{[^}]*"path"\s*:\s*"\/(etc|var|root|home|boot|dev|proc|sys|usr)?\/?"/.test(spec))
      return escapeHit("the node's file system mounted");
  }
  return undefined;
}

export const containerEscapeRule: Rule = ({ name, args, scope }) => {
  if (name === "kubectl" || name === "oc") return podOverridesHit(args);
  if (!ENGINES.has(name)) return undefined;
  let index = args.findIndex((word) => !word.value.startsWith("-"));
  // `docker container run`, `docker compose run`.
  if (index !== -1 && /^(container|compose)$/.test(args[index]!.value)) index += 1;
  if (index === -1 || !STARTS.has(args[index]?.value ?? "")) return undefined;
  let hostPid = false;
  for (index += 1; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") break;
    if (!value.startsWith("-")) {
      const rest: readonly ExpandedWord[] = args.slice(index + 1);
      if (hostPid && rest.some((word) => /(^|\/)nsenter$/.test(word.value)))
        return escapeHit("the host's processes and nsenter run inside it");
      break;
    }
    const [option = "", attached] = value.startsWith("--") ? value.split(/=(.*)/s, 2) : [value, undefined];
    if (option === "--privileged" && !/^(false|0)$/i.test(attached ?? "")) return escapeHit("--privileged");
    if (!RUN_OPTIONS_WITH_VALUE.has(option)) continue;
    const argument = attached ?? args[++index]?.value ?? "";
    if (option === "--cap-add" && argument.split(",").some((cap) => HOST_CAPABILITIES.test(cap.trim())))
      return escapeHit(`the capability ${argument}`);
    if (option === "--device" && DISKS.test(argument.split(":")[0] ?? ""))
      return escapeHit(`the device ${argument.split(":")[0]}`);
    if (option === "--pid" && argument === "host") hostPid = true;
    if (option === "-v" || option === "--volume" || option === "--mount") {
      const mount = parseContainerMount(option, argument);
      // A `--mount` without a type is a volume (docker's default), not the host's files.
      if (!mount || (option === "--mount" && (mount.type ?? "volume") !== "bind")) continue;
      const resolved = resolveIn(mount.source, scope);
      if (resolved !== undefined && ENGINE_SOCKETS.test(resolved))
        return escapeHit(
          `the engine's socket ${mount.source} (whoever holds it can start a privileged container)`,
        );
      if (mount.readOnly) continue;
      const word = { ...args[index]!, value: mount.source, pattern: mount.source, glob: false };
      const protection = protectionOf(word, scope);
      if (resolved === "/" || (protection !== undefined && protection !== "history"))
        return escapeHit(`${mount.source} of this machine mounted writable`);
    }
  }
  return undefined;
};
