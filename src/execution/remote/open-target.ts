import type { ShellResolution } from "../../../platforms/index.js";
import {
  dockerNetworkClause,
  dockerTargetName,
  KUBERNETES_NETWORK_CLAUSE,
  kubernetesTargetName,
  SSH_NETWORK_CLAUSE,
  sshTargetName,
  type TargetSummary,
  targetSentence,
} from "../../text/executors/target-texts.js";
import type { ExecutorDescription } from "../executor/executor-description.js";
import type { DockerEngineOptions } from "./docker/docker-engine.js";
import type { RemoteEngine } from "./engine.js";
import { ExecutorError } from "./executor-error.js";
import type { KubernetesEngineOptions } from "./kubernetes/kubernetes-engine.js";
import { probeTarget } from "./probe-target.js";
import type { RemoteTarget } from "./remote-launcher.js";
import type { SshEngineOptions } from "./ssh/ssh-engine.js";
import type { TargetFacts } from "./target-facts.js";
import { targetGaps } from "./target-gaps.js";

/** Where a remote executor's commands run, as plain options (`src/api` adapts config `executor`). */
export type RemoteTargetOptions =
  | ({ readonly kind: "docker" } & Omit<DockerEngineOptions, "env">)
  | ({ readonly kind: "ssh" } & Omit<SshEngineOptions, "env">)
  | ({ readonly kind: "kubernetes" } & Omit<KubernetesEngineOptions, "env">);

/** A probed remote target: what runs commands there, and the facts that describe it. */
export interface OpenedTarget {
  readonly target: RemoteTarget;
  readonly description: ExecutorDescription;
  /** The target's own environment (commands start from it, scrubbed; never from this machine's). */
  readonly environment: Readonly<Record<string, string>>;
  /** What the probe found missing and what that changes (`doctor`). */
  readonly gaps: readonly string[];
  /** For `doctor` and `describe --json`: the engine's own view (container id, server, protocol…). */
  readonly details: Readonly<Record<string, unknown>>;
  /**
   * Whether the target itself goes at `close()` (a container shellgate created from `image`):
   * nothing started there can outlive shellgate.
   */
  readonly ephemeral: boolean;
  /** Closes the engine (and removes a container shellgate created). */
  close(): Promise<void>;
}

const PLATFORMS: Readonly<Record<string, NodeJS.Platform>> = {
  Linux: "linux",
  Darwin: "darwin",
  FreeBSD: "freebsd",
  OpenBSD: "openbsd",
  SunOS: "sunos",
  AIX: "aix",
};

/** The target's shell as a resolution, so the description and path rules read the target. */
function targetResolution(
  facts: TargetFacts & { readonly shell: NonNullable<TargetFacts["shell"]> },
): ShellResolution {
  return {
    platform: PLATFORMS[facts.os] ?? "linux",
    kind: facts.shell.kind,
    path: facts.shell.path,
    ...(facts.shell.kind === "bash" && facts.shell.version
      ? { version: facts.shell.version.replace(/\(.*$/, "") }
      : {}),
    ...(facts.home ? { home: facts.home } : {}),
    source: "target-probe",
    warnings: [],
    trace: [],
  };
}

interface Engine {
  readonly engine: RemoteEngine;
  readonly summary: Omit<TargetSummary, "user">;
  readonly label: string;
  readonly cwd?: string;
  readonly init?: boolean;
  /** The target is removed at close (a container created from `image`). */
  readonly ephemeral?: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

async function openEngine(options: RemoteTargetOptions, env: NodeJS.ProcessEnv): Promise<Engine> {
  switch (options.kind) {
    case "docker": {
      const { kind: _kind, ...engineOptions } = options;
      const { openDockerEngine } = await import("./docker/docker-engine.js");
      const engine = await openDockerEngine({ ...engineOptions, env });
      const { container } = engine;
      return {
        engine,
        label: `container ${container.name}`,
        summary: {
          kind: "docker",
          name: dockerTargetName(container.name, container.image),
          network: dockerNetworkClause(container.networkMode),
        },
        ...(container.workingDir ? { cwd: container.workingDir } : {}),
        init: container.init,
        ephemeral: container.created,
        details: {
          container: container.name,
          id: container.id,
          image: container.image,
          created: container.created,
          network: container.networkMode ?? null,
        },
      };
    }
    case "ssh": {
      const { kind: _kind, ...engineOptions } = options;
      const { openSshEngine } = await import("./ssh/ssh-engine.js");
      const engine = await openSshEngine({ ...engineOptions, env });
      const port = options.port ?? 22;
      return {
        engine,
        label: `host ${engine.address}`,
        summary: { kind: "ssh", name: sshTargetName(options.host, port), network: SSH_NETWORK_CLAUSE },
        details: { host: options.host, port, user: options.user },
      };
    }
    case "kubernetes": {
      const { kind: _kind, ...engineOptions } = options;
      const { openKubernetesEngine } = await import("./kubernetes/kubernetes-engine.js");
      const engine = await openKubernetesEngine({ ...engineOptions, env });
      return {
        engine,
        label: `pod ${engine.namespace}/${engine.pod}`,
        summary: {
          kind: "kubernetes",
          name: kubernetesTargetName(engine.namespace, engine.pod, engine.container),
          network: KUBERNETES_NETWORK_CLAUSE,
        },
        details: {
          server: engine.server,
          namespace: engine.namespace,
          pod: engine.pod,
          container: engine.container,
        },
      };
    }
  }
}

/**
 * Opens the configured engine and probes the target: the shell (bash, else POSIX sh, else refused),
 * the user, the home, the OS and architecture. Rejects with one `ExecutorError` sentence naming
 * what to fix (the client package, the daemon or host, the target, the credentials, the shell);
 * nothing is left open then. Each engine's module is imported only here, for its own kind.
 */
export async function openRemoteTarget(
  options: RemoteTargetOptions & { readonly workdir?: string },
  env: NodeJS.ProcessEnv,
): Promise<OpenedTarget> {
  const opened = await openEngine(options, env);
  let facts: TargetFacts;
  try {
    facts = await probeTarget(opened.engine, opened.label);
  } catch (error) {
    await opened.engine.close().catch(() => undefined);
    throw error;
  }
  const { shell } = facts;
  if (!shell) {
    await opened.engine.close().catch(() => undefined);
    throw new ExecutorError(
      "no-shell",
      `${opened.label} has no shell shellgate can use: install /bin/sh or bash there.`,
    );
  }
  const probed = { ...facts, shell };
  const summary: TargetSummary = { ...opened.summary, user: facts.user };
  const cwd = options.workdir ?? opened.cwd ?? facts.cwd ?? facts.home ?? "/";
  const target: RemoteTarget = { engine: opened.engine, facts: probed, name: opened.label, terminals: true };
  return {
    target,
    description: {
      location: opened.summary.kind,
      resolution: targetResolution(probed),
      cwd,
      ...(facts.home ? { home: facts.home } : {}),
      user: facts.user,
      target: opened.label,
      isolation: targetSentence(summary),
      spill: "host",
    },
    environment: facts.environment,
    gaps: targetGaps(facts, opened.init === undefined ? {} : { init: opened.init }),
    details: {
      ...opened.details,
      os: facts.os,
      arch: facts.arch,
      ...(facts.hostname ? { hostname: facts.hostname } : {}),
    },
    ephemeral: opened.ephemeral === true,
    close: () => opened.engine.close(),
  };
}
