import { type ProgramActions, tableRule } from "./subcommand-actions.js";

/**
 * Remote history and hosted state: pushes that rewrite or delete a remote branch or tag (every
 * spelling git accepts: `--force`, `-f`, `--force-with-lease`, `+refspec`, `:branch`, `--delete`,
 * `-d`, `--mirror`, `--prune`), and deleting hosted repositories, releases and other records through
 * the hosts' command-line tools or their APIs (`gh api -X DELETE`). A dry run (`git push -n`) or help
 * text is allowed. `--force-with-lease` is blocked too: it only checks that nobody pushed meanwhile,
 * and still discards the remote's commits.
 */

const HOSTED_DELETE = "deletes hosted state (a repository, release, secret or other record) on the server";
const HOSTING_TOOL: ProgramActions = {
  valued: [
    "-R",
    "--repo",
    "-X",
    "--method",
    "-H",
    "--header",
    "-f",
    "--field",
    "-F",
    "--raw-field",
    "-q",
    "--jq",
    "-t",
    "--template",
    "--hostname",
    "-p",
    "--preview",
    "--input",
  ],
  actions: [
    {
      path: ["api"],
      optionValue: [["-X", "--method"], /^delete$/i],
      rule: "hosted.api-delete",
      what: "sends a DELETE request to the hosting API",
    },
    {
      path: ["api", /(^|\/)git\/refs\//],
      optionValue: [["-f", "-F", "--field", "--raw-field"], /^force=true$/],
      rule: "remote-history.api",
      what: "force-moves a branch or tag on the server through the API",
    },
    // Caches are rebuilt by the next run and aliases are the CLI's own local settings; every other
    // record is gone for good.
    {
      path: [/^(?!(cache|alias)$)[a-z-]+$/, /^delete(-asset)?$/],
      rule: "hosted.delete",
      what: HOSTED_DELETE,
    },
    { path: [/^[a-z-]+$/, /^[a-z-]+$/, /^delete$/], rule: "hosted.delete", what: HOSTED_DELETE },
  ],
  instead: "ask the user to delete it, or leave it in place.",
};

const HOSTED_STATE: Record<string, ProgramActions> = {
  git: {
    valued: [
      "-C",
      "-c",
      "--git-dir",
      "--work-tree",
      "--namespace",
      "--config-env",
      "-o",
      "--push-option",
      "--repo",
      "--receive-pack",
      "--exec",
    ],
    clusters: true,
    dryRun: ["-n", "--dry-run"],
    actions: [
      {
        path: ["push"],
        anyOption: [["-f", "--force"], ["--force-with-lease"], ["-d", "--delete"], ["--mirror"], ["--prune"]],
        rule: "remote-history.push",
        what: "rewrites or deletes branches or tags on the remote",
      },
      {
        path: ["send-pack"],
        anyOption: [["-f", "--force"], ["--mirror"]],
        rule: "remote-history.push",
        what: "force-updates or mirrors refs on the remote",
      },
      {
        path: [/^(push|send-pack)$/],
        operand: /^\+|^:/,
        rule: "remote-history.push",
        what: "force-updates (+refspec) or deletes (:branch) a branch or tag on the remote",
      },
    ],
    instead:
      "push without forcing or deleting (check first with git push --dry-run), or ask the user to do it.",
  },
  gh: HOSTING_TOOL,
  glab: HOSTING_TOOL,
  hub: {
    actions: [{ path: ["delete"], rule: "hosted.delete", what: "deletes a hosted repository" }],
    instead: "ask the user to delete it.",
  },
};

export const hostedStateRule = tableRule(HOSTED_STATE);
