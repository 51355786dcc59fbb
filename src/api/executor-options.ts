import type { ExecutorConfig } from "../config/executor-schema.js";
import type { RemoteTargetOptions } from "../execution/remote/open-target.js";

/** Config `executor` as the remote target's plain options; undefined for the local executor. */
export function remoteTargetOptionsFromConfig(
  executor: ExecutorConfig,
): (RemoteTargetOptions & { readonly workdir?: string }) | undefined {
  switch (executor.kind) {
    case "local":
      return undefined;
    case "docker":
      return {
        kind: "docker",
        ...(executor.container === undefined ? {} : { container: executor.container }),
        ...(executor.image === undefined ? {} : { image: executor.image }),
        ...(executor.docker_host === undefined ? {} : { dockerHost: executor.docker_host }),
        ...(executor.user === undefined ? {} : { user: executor.user }),
        ...(executor.workdir === undefined ? {} : { workdir: executor.workdir }),
      };
    case "ssh":
      return {
        kind: "ssh",
        host: executor.host,
        port: executor.port,
        user: executor.user,
        ...(executor.identity_file === undefined ? {} : { identityFile: executor.identity_file }),
        ...(executor.agent === undefined ? {} : { agent: executor.agent }),
        knownHosts: executor.known_hosts,
        keepaliveMs: executor.keepalive_ms,
      };
    case "kubernetes":
      return {
        kind: "kubernetes",
        pod: executor.pod,
        ...(executor.context === undefined ? {} : { context: executor.context }),
        ...(executor.namespace === undefined ? {} : { namespace: executor.namespace }),
        ...(executor.container === undefined ? {} : { container: executor.container }),
      };
  }
}
