import { type DestructiveAction, type ProgramActions, tableRule } from "./subcommand-actions.js";

/**
 * Cloud and cluster deletion that does not ask first and is not a dry run: infrastructure destroy
 * with auto-approve, deleting a namespace or every resource of a kind, recursive object-store deletes
 * and bucket removal, resource deletes confirmed on the command line (`--yes`, `--quiet`, `--force`),
 * and pruning every image and volume. Plans, previews, listings and a single object or resource
 * named on its own stay allowed; a tool that still asks (terraform destroy without -auto-approve, az
 * group delete without --yes) leaves the decision to whoever answers it.
 */

const INFRASTRUCTURE = "destroys every resource of the infrastructure configuration";
const NAMESPACE = "deletes a namespace (or project) and everything in it";
const EVERY_RESOURCE = "deletes every resource of that kind";
const RECURSIVE_OBJECTS = "deletes every object under the path in the object store";
const BUCKET = "removes a bucket and the objects in it";
const CONFIRMED = "deletes a cloud resource without asking";

const destroyWith = (
  verb: RegExp,
  confirm: readonly (readonly string[])[],
  rule = "cloud.destroy",
): DestructiveAction => ({
  path: [verb],
  anyOption: confirm,
  rule,
  what: INFRASTRUCTURE,
});

/** `TOOL A B delete … --yes`: a delete verb one to three words deep, confirmed by an option. */
function confirmedDeletes(verb: RegExp, confirm: readonly (readonly string[])[]): DestructiveAction[] {
  const any = /^[a-z][a-z0-9-]*$/;
  return [1, 2, 3].map((depth) => ({
    path: [...Array.from({ length: depth }, () => any), verb],
    anyOption: confirm,
    rule: "cloud.delete",
    what: CONFIRMED,
  }));
}

const TERRAFORM: ProgramActions = {
  actions: [
    destroyWith(/^destroy$/, [["-auto-approve"]]),
    {
      path: ["apply"],
      options: [["-auto-approve"], ["-destroy"]],
      rule: "cloud.destroy",
      what: INFRASTRUCTURE,
    },
  ],
  instead: "run the plan (terraform plan -destroy) and let the user apply it.",
};

const KUBERNETES: ProgramActions = {
  valued: [
    "-n",
    "--namespace",
    "--context",
    "--kubeconfig",
    "-s",
    "--server",
    "--cluster",
    "--user",
    "--token",
    "-l",
    "--selector",
    "-f",
    "--filename",
    "-o",
    "--output",
    "--field-selector",
    "--grace-period",
    "--timeout",
    "--cascade",
  ],
  dryRun: ["--dry-run"],
  actions: [
    {
      path: ["delete", /^(ns|namespaces?|projects?)(\/.*)?$/],
      rule: "cluster.delete-namespace",
      what: NAMESPACE,
    },
    { path: ["delete"], anyOption: [["--all"]], rule: "cluster.delete-all", what: EVERY_RESOURCE },
    // `-f DIR --recursive` deletes every resource described by any manifest below the directory.
    {
      path: ["delete"],
      anyOption: [["-R", "--recursive"]],
      rule: "cluster.delete-all",
      what: "deletes every resource described below the directory",
    },
  ],
  instead: "delete the named resources one by one, check with --dry-run=client first, or ask the user.",
};

const CONTAINER_VALUED = ["-H", "--host", "--context", "--config", "-l", "--log-level", "--filter"];
const PRUNE_EVERYTHING = "removes every unused image and volume, and the data in the volumes";

const CLOUD: Record<string, ProgramActions> = {
  terraform: TERRAFORM,
  tofu: TERRAFORM,
  terragrunt: {
    actions: [
      ...TERRAFORM.actions,
      {
        path: ["run-all", "destroy"],
        anyOption: [["--terragrunt-non-interactive"], ["--non-interactive"], ["-auto-approve"]],
        rule: "cloud.destroy",
        what: INFRASTRUCTURE,
      },
    ],
    instead: TERRAFORM.instead,
  },
  pulumi: {
    valued: ["-s", "--stack", "-C", "--cwd", "--config-file"],
    clusters: false,
    dryRun: ["--preview-only"],
    actions: [
      destroyWith(/^(destroy|down|dn)$/, [["--yes", "-y"]]),
      {
        path: ["stack", "rm"],
        anyOption: [["--yes", "-y"]],
        rule: "cloud.destroy",
        what: "removes a stack and its state",
      },
    ],
    instead: "run pulumi preview --diff and let the user destroy it.",
  },
  cdk: {
    valued: ["-a", "--app", "-c", "--context", "--profile"],
    actions: [destroyWith(/^destroy$/, [["--force", "-f"]])],
    instead: "run cdk diff and let the user destroy the stacks.",
  },
  kubectl: KUBERNETES,
  nomad: {
    valued: ["-address", "-region", "-namespace", "-token"],
    actions: [
      {
        path: ["job", "stop"],
        anyOption: [["-purge"]],
        rule: "cluster.delete",
        what: "stops a job and purges it from the cluster's state",
      },
      { path: [/^(namespace|volume|acl)$/, "delete"], rule: "cluster.delete", what: "deletes cluster state" },
    ],
    instead: "stop it without -purge, or ask the user.",
  },
  oc: KUBERNETES,
  helm: {
    valued: [
      "-n",
      "--namespace",
      "--kube-context",
      "--kubeconfig",
      "--timeout",
      "--cascade",
      "--description",
    ],
    dryRun: ["--dry-run"],
    actions: [
      {
        path: [/^(uninstall|delete|del|un)$/],
        rule: "cluster.uninstall",
        what: "deletes every resource of the release",
      },
    ],
    instead: "check with helm uninstall --dry-run, or ask the user.",
  },
  aws: {
    valued: [
      "--profile",
      "--region",
      "--output",
      "--endpoint-url",
      "--query",
      "--color",
      "--ca-bundle",
      "--cli-read-timeout",
      "--cli-connect-timeout",
    ],
    dryRun: ["--dryrun", "--dry-run", "--generate-cli-skeleton"],
    actions: [
      {
        path: ["s3", "rm"],
        options: [["--recursive"]],
        rule: "storage.delete-recursive",
        what: RECURSIVE_OBJECTS,
      },
      { path: ["s3", "rb"], options: [["--force"]], rule: "storage.delete-bucket", what: BUCKET },
      {
        path: ["s3", "sync"],
        options: [["--delete"]],
        rule: "storage.delete-recursive",
        what: "deletes every object at the destination that the source lacks",
      },
      {
        path: [
          /^(s3api|cloudformation|ec2|rds|eks|ecs|dynamodb|lambda|iam|kms|route53|elasticache|ecr|secretsmanager|efs|redshift|es|opensearch|logs|sns|sqs|kinesis|elbv2|autoscaling)$/,
          /^(delete-(bucket|stack|db-instance|db-cluster|cluster|nodegroup|service|table|function|user|role|hosted-zone|repository|secret|file-system|elasticsearch-domain|domain|log-group|topic|queue|stream|load-balancer|auto-scaling-group|vpc|volume|snapshot|replication-group|cache-cluster)|terminate-instances|schedule-key-deletion)$/,
        ],
        rule: "cloud.delete",
        what: "deletes a cloud resource (the CLI does not ask first)",
      },
      // Every service's verbs that delete without asking: batch-delete-*, terminate-*, purge-*.
      {
        path: [
          /^[a-z0-9-]+$/,
          /^(batch-delete|terminate|purge)-[a-z-]+$|^delete-(?!tags$|message$|message-batch$)[a-z-]+$/,
        ],
        rule: "cloud.delete",
        what: "deletes cloud resources (the CLI does not ask first)",
      },
    ],
    instead: "check with --dryrun (or --dry-run), or ask the user to delete it.",
  },
  gsutil: {
    valued: ["-o", "-h", "-u", "-p"],
    clusters: true,
    actions: [
      {
        path: ["rm"],
        anyOption: [["-r", "-R", "--recursive"]],
        rule: "storage.delete-recursive",
        what: RECURSIVE_OBJECTS,
      },
      { path: ["rm"], operand: /\*\*/, rule: "storage.delete-recursive", what: RECURSIVE_OBJECTS },
      { path: ["rb"], rule: "storage.delete-bucket", what: BUCKET },
    ],
    instead: "delete named objects, or ask the user.",
  },
  gcloud: {
    valued: [
      "--project",
      "--zone",
      "--region",
      "--format",
      "--account",
      "--configuration",
      "--location",
      "--filter",
    ],
    actions: [
      {
        path: ["storage", "rm"],
        anyOption: [["-r", "-R", "--recursive"]],
        rule: "storage.delete-recursive",
        what: RECURSIVE_OBJECTS,
      },
      { path: ["storage", "rm"], operand: /\*\*/, rule: "storage.delete-recursive", what: RECURSIVE_OBJECTS },
      { path: ["storage", "buckets", "delete"], rule: "storage.delete-bucket", what: BUCKET },
      ...confirmedDeletes(/^delete$/, [["--quiet", "-q"]]),
    ],
    instead: "leave out --quiet so that gcloud asks, or ask the user.",
  },
  az: {
    valued: [
      "-n",
      "--name",
      "-g",
      "--resource-group",
      "--subscription",
      "-o",
      "--output",
      "--query",
      "--account-name",
      "-s",
      "--source",
      "-c",
      "--container-name",
      "--account-key",
      "--connection-string",
    ],
    dryRun: ["--dryrun"],
    actions: [
      {
        path: ["storage", "blob", "delete-batch"],
        rule: "storage.delete-recursive",
        what: RECURSIVE_OBJECTS,
      },
      {
        path: ["storage", "container", "delete"],
        rule: "storage.delete-bucket",
        what: "removes a storage container and its blobs",
      },
      {
        path: ["group", "delete"],
        anyOption: [["--yes", "-y"]],
        rule: "cloud.delete-group",
        what: "deletes the resource group and every resource in it",
      },
      ...confirmedDeletes(/^delete$/, [["--yes", "-y"]]),
    ],
    instead: "leave out --yes so that az asks, or ask the user.",
  },
  doctl: {
    valued: ["-t", "--access-token", "--context", "-o", "--output"],
    actions: confirmedDeletes(/^(delete|rm|d)$/, [["--force", "-f"]]),
    instead: "leave out --force so that doctl asks, or ask the user.",
  },
  eksctl: {
    valued: ["-n", "--name", "-r", "--region", "-f", "--config-file", "--cluster"],
    actions: [
      {
        path: ["delete", /^(cluster|nodegroup|ng)$/],
        rule: "cloud.delete",
        what: "deletes the cluster's cloud resources",
      },
    ],
    instead: "ask the user to delete it.",
  },
  rclone: {
    valued: ["--config", "--include", "--exclude", "--min-age", "--max-age", "--filter", "--filter-from"],
    dryRun: ["--dry-run", "-n", "-i", "--interactive"],
    actions: [
      {
        path: [/^(purge|delete)$/],
        rule: "storage.delete-recursive",
        what: "deletes every file under the remote path",
      },
    ],
    instead: "check with --dry-run first, or ask the user.",
  },
  mc: {
    actions: [
      { path: ["rb"], options: [["--force"]], rule: "storage.delete-bucket", what: BUCKET },
      {
        path: ["rm"],
        options: [["--recursive", "-r"], ["--force"]],
        rule: "storage.delete-recursive",
        what: RECURSIVE_OBJECTS,
      },
    ],
    instead: "delete named objects, or ask the user.",
  },
  docker: {
    valued: CONTAINER_VALUED,
    clusters: true,
    actions: [
      {
        path: ["system", "prune"],
        options: [["-a", "--all"], ["--volumes"]],
        rule: "container.prune-all",
        what: PRUNE_EVERYTHING,
      },
      {
        path: ["volume", "prune"],
        options: [["-a", "--all"]],
        rule: "container.prune-all",
        what: "removes every unused volume and its data",
      },
    ],
    instead: "remove the named images or volumes you mean, or ask the user.",
  },
  podman: {
    valued: CONTAINER_VALUED,
    clusters: true,
    actions: [
      {
        path: ["system", "prune"],
        options: [["-a", "--all"], ["--volumes"]],
        rule: "container.prune-all",
        what: PRUNE_EVERYTHING,
      },
      // podman's volume prune takes named volumes too.
      {
        path: ["volume", "prune"],
        rule: "container.prune-all",
        what: "removes every unused volume and its data",
      },
    ],
    instead: "remove the named images or volumes you mean, or ask the user.",
  },
  heroku: {
    valued: ["-a", "--app", "-r", "--remote", "--confirm"],
    actions: [{ path: [/^apps:destroy$/], rule: "cloud.delete", what: "destroys the app and its add-ons" }],
    instead: "ask the user to destroy it.",
  },
  fly: {
    valued: ["-a", "--app"],
    actions: [
      {
        path: [/^(apps|app)$/, /^(destroy|delete|remove)$/],
        anyOption: [["--yes", "-y"]],
        rule: "cloud.delete",
        what: "destroys the app",
      },
      { path: ["destroy"], anyOption: [["--yes", "-y"]], rule: "cloud.delete", what: "destroys the app" },
    ],
    instead: "leave out --yes so that it asks, or ask the user.",
  },
  vercel: {
    valued: ["--scope", "-S", "--token", "-t"],
    actions: [
      {
        path: [/^(remove|rm)$/],
        anyOption: [["--yes", "-y"]],
        rule: "cloud.delete",
        what: "removes the deployment or project",
      },
    ],
    instead: "leave out --yes so that it asks, or ask the user.",
  },
};
CLOUD.flyctl = CLOUD.fly!;

export const cloudDeletionRule = tableRule(CLOUD);
