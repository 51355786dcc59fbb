/**
 * The parts of `docker run` (and podman's, nerdctl's) that both the container-escape rule and the
 * unwrapping of a container's command read: the options that take a value, and a mount's spec.
 */

/** `docker run` options that take a value (as a separate word unless written `--name=value`). */
export const RUN_OPTIONS_WITH_VALUE = new Set(
  "-v --volume --mount -e --env --env-file -p --publish -w --workdir --name --network --net -u --user --entrypoint -h --hostname --label -l --add-host --cpus -m --memory --device --cap-add --cap-drop --security-opt --restart --log-driver --log-opt --ulimit --tmpfs --platform --pull --gpus --ipc --pid --dns --expose --link --shm-size --stop-signal --runtime --volumes-from --cidfile -a --attach --health-cmd --memory-swap --cgroupns --uts --userns --label-file --mac-address --ip --ip6 --group-add --cpuset-cpus --stop-timeout --sysctl --detach-keys --isolation".split(
    " ",
  ),
);

/** One `-v`/`--volume` or `--mount` spec. */
export interface ContainerMount {
  readonly source: string;
  /** Where it appears in the container; undefined when the spec names none. */
  readonly target: string | undefined;
  readonly readOnly: boolean;
  /** `--mount`'s `type=` as written (undefined when absent); `-v` host paths are binds. */
  readonly type: string | undefined;
}

export function parseContainerMount(option: string, value: string): ContainerMount | undefined {
  if (option === "--mount") {
    const fields = new Map(
      value.split(",").map((field) => {
        const [key = "", rest = ""] = field.split("=", 2);
        return [key.trim().toLowerCase(), rest] as const;
      }),
    );
    const source = fields.get("source") ?? fields.get("src");
    if (!source) return undefined;
    // `readonly` alone, or `readonly=true|1`; `readonly=false` leaves it writable.
    const flag = fields.get("readonly") ?? fields.get("ro");
    return {
      source,
      target: fields.get("target") ?? fields.get("destination") ?? fields.get("dst"),
      readOnly: flag !== undefined && !/^(false|0)$/i.test(flag),
      type: fields.get("type"),
    };
  }
  const parts = value.split(":");
  // `C:\x:/y` on Windows: a drive letter is no separator.
  if (/^[a-z]$/i.test(parts[0] ?? "") && parts.length > 2) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
  if (parts.length < 2) return undefined;
  return {
    source: parts[0]!,
    target: parts[1]!,
    readOnly: /(^|,)ro(,|$)/.test(parts[2] ?? ""),
    type: "bind",
  };
}
