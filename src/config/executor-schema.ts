import { z } from "zod";

const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .refine((value) => value.trim() !== "", { message: "must not be empty" });

/**
 * Config `executor`: where commands run. The shapes are the contract (kind `local`, the
 * default; `docker`, `ssh`, `kubernetes` with their keys). Only the shape is checked here; whether
 * the container, host or pod exists is the executor's to find out when it opens.
 */
export const executorSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("local") }),
    z
      .strictObject({
        kind: z.literal("docker"),
        container: text("a container name or id").optional(),
        image: text("an image name").optional(),
        docker_host: text("unix:///path/to/docker.sock or tcp://host:port")
          .refine((value) => /^(unix:\/\/\/|tcp:\/\/)/.test(value), {
            message: "must start with unix:/// or tcp://",
          })
          .optional(),
        user: text("a user name or uid").optional(),
        workdir: text("an absolute path in the container")
          .refine((value) => value.startsWith("/"), { message: "must be an absolute path in the container" })
          .optional(),
      })
      .refine((docker) => (docker.container === undefined) !== (docker.image === undefined), {
        message: "needs exactly one of 'container' (an existing container) and 'image' (to create one)",
      }),
    z
      .strictObject({
        kind: z.literal("ssh"),
        host: text("a host name or address"),
        port: z.number().int().min(1).max(65_535).default(22),
        user: text("a user name"),
        identity_file: text("a private key file").optional(),
        agent: z.boolean().optional(),
        known_hosts: text("a known_hosts file").default("~/.ssh/known_hosts"),
        keepalive_ms: z.number().int().min(100).max(600_000).default(10_000),
      })
      .refine((ssh) => ssh.identity_file !== undefined || ssh.agent === true, {
        message: "needs 'identity_file' or 'agent': true to authenticate",
      }),
    z.strictObject({
      kind: z.literal("kubernetes"),
      context: text("a kubeconfig context").optional(),
      namespace: text("a namespace").optional(),
      pod: text("a pod name"),
      container: text("a container name").optional(),
    }),
  ])
  .default({ kind: "local" });

export type ExecutorConfig = z.output<typeof executorSchema>;
export type ExecutorKind = ExecutorConfig["kind"];
export const EXECUTOR_KINDS: readonly ExecutorKind[] = ["local", "docker", "ssh", "kubernetes"];
