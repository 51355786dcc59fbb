import type { ExecutorConfig } from "../../config/executor-schema.js";

/** A `--executor` value shellgate cannot read; the CLI exits 69 (nothing started). */
export class ExecutorFlagError extends Error {
  override readonly name = "ExecutorFlagError";
}

const FORMS = "docker:NAME, ssh://user@host[:port], k8s://namespace/pod[/container] or local";

function bad(text: string, why?: string): ExecutorFlagError {
  return new ExecutorFlagError(`--executor must be ${FORMS}${why ? ` (${why})` : ""}, got '${text}'`);
}

/** The executor a shorthand names, as the fields of config `executor` it stands for. */
export type ExecutorShorthand =
  | { readonly kind: "local" }
  | { readonly kind: "docker"; readonly container: string }
  | { readonly kind: "ssh"; readonly host: string; readonly port?: number; readonly user?: string }
  | {
      readonly kind: "kubernetes";
      readonly namespace: string;
      readonly pod: string;
      readonly container?: string;
    };

/**
 * `shellgate run --executor …`: `docker:NAME`, `ssh://user@host:port` (user and port optional),
 * `k8s://namespace/pod/container` (container optional), or `local`. Pure: only the text is read.
 */
export function parseExecutorFlag(text: string): ExecutorShorthand {
  if (text === "local") return { kind: "local" };
  if (text.startsWith("docker:")) {
    const container = text.slice("docker:".length);
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(container))
      throw bad(text, "a container name or id after docker:");
    return { kind: "docker", container };
  }
  if (text.startsWith("ssh://")) {
    const match = /^ssh:\/\/(?:([^@/:\s]+)@)?(\[[0-9A-Fa-f:.]+\]|[^@/:\s[\]]+)(?::(\d+))?\/?$/.exec(text);
    if (!match) throw bad(text, "ssh://user@host:port");
    const port = match[3] === undefined ? undefined : Number(match[3]);
    if (port !== undefined && (port < 1 || port > 65_535)) throw bad(text, "the port must be 1-65535");
    return {
      kind: "ssh",
      host: (match[2] as string).replace(/^\[|\]$/g, ""),
      ...(port === undefined ? {} : { port }),
      ...(match[1] === undefined ? {} : { user: match[1] }),
    };
  }
  if (text.startsWith("k8s://") || text.startsWith("kubernetes://")) {
    const parts = text.replace(/^(k8s|kubernetes):\/\//, "").split("/");
    const name = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
    if (parts.length < 2 || parts.length > 3 || !parts.every((part) => name.test(part))) {
      throw bad(text, "k8s://namespace/pod/container, with Kubernetes names");
    }
    const [namespace, pod, container] = parts as [string, string, string | undefined];
    return { kind: "kubernetes", namespace, pod, ...(container === undefined ? {} : { container }) };
  }
  throw bad(text);
}

export interface ShorthandDefaults {
  /** This machine's user, for `ssh://host` without one. */
  readonly user?: string;
  /** How to authenticate when the config says nothing: the agent, or a default key file. */
  readonly sshIdentity?: { readonly agent: true } | { readonly identity_file: string };
}

/**
 * The config `executor` for a shorthand: its fields over the config's own executor when that is
 * the same kind (so `identity_file`, `known_hosts`, `docker_host` still apply), else over nothing,
 * with this machine's defaults for what SSH still needs. Pure; the schema checks the result.
 */
export function executorFromShorthand(
  shorthand: ExecutorShorthand,
  configured: ExecutorConfig,
  defaults: ShorthandDefaults = {},
): Record<string, unknown> {
  const base = configured.kind === shorthand.kind ? { ...configured } : {};
  if (shorthand.kind === "docker") {
    const { image: _image, ...rest } = base as Record<string, unknown>;
    return { ...rest, ...shorthand };
  }
  if (shorthand.kind !== "ssh") return { ...base, ...shorthand };
  const merged: Record<string, unknown> = { ...base, ...shorthand };
  merged.user ??= defaults.user;
  if (merged.identity_file === undefined && merged.agent !== true && defaults.sshIdentity) {
    Object.assign(merged, defaults.sshIdentity);
  }
  return merged;
}
