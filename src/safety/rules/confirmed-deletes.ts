import type { RuleHit } from "../finding.js";
import type { Rule } from "./rule.js";

/**
 * Platform and cluster CLIs the cloud table does not name: a delete or destroy subcommand (one to
 * three words deep, `noun delete`, `firestore:delete`) run with the option that skips its question
 * (`--yes`, `-y`, `--force`, `--silent`, `--all`, `-auto-approve`; not `-f`, often a file) removes hosted state nobody is
 * asked about (`argocd app delete prod -y`, `copilot app delete --yes`, `kind delete clusters --all`).
 * Local package and file tools, whose removals the machine can redo, are not these.
 */
const VERB = /^(?:[\w-]+:)?(delete|destroy|teardown|nuke|uninstall)$/;
const CONFIRM =
  /^(--yes|-y|--force|-force|--silent|--all|--all-[\w-]+|-auto-approve|--auto-approve|--no-prompt|--non-interactive|--confirm)(=(true|yes))?$/;
const DRY = /^(--dry-run|--dryrun|-n|--plan|--preview|--help|-h|--what-if)(=|$)/;
/** Programs with a table of their own, or whose removals are local and redoable. */
const LOCAL =
  /^(apt|apt-get|aptitude|dnf|yum|zypper|pacman|yay|paru|brew|port|snap|flatpak|pip\d*|pipx|uv|poetry|conda|mamba|micromamba|npm|yarn|pnpm|bun|gem|cargo|rustup|go|composer|dotnet|nuget|choco|winget|scoop|pkg|apk|nix-env|asdf|mise|rbenv|pyenv|nvm|sdk|git|gh|docker|podman|nerdctl|kubectl|oc|helm|az|aws|gcloud|gsutil|rclone|systemctl|ollama|code|emacs|vim|ipfs|juju|snapcraft|lxc|multipass|virsh|vagrant|minikube|kind|k3d)$/;

export const confirmedDeleteRule: Rule = ({ name, args }): RuleHit | undefined => {
  // Checked first, without allocating: most commands have no delete verb at all.
  if (!args.some((word) => VERB.test(word.value))) return undefined;
  if (LOCAL.test(name) && name !== "kind" && name !== "k3d") return undefined;
  const words = args.map((word) => word.value);
  const operands = words.filter((word) => !word.startsWith("-"));
  const verb = operands.slice(0, 3).find((word) => VERB.test(word));
  if (verb === undefined) return undefined;
  if (words.some((word) => DRY.test(word))) return undefined;
  if (!words.some((word) => CONFIRM.test(word))) return undefined;
  // An uninstall removes a cluster's components only when told not to ask (`flux uninstall
  // --silent`); a forced uninstall of a local tool or extension is the machine's to redo.
  if (verb.endsWith("uninstall") && !words.some((word) => /^(--yes|-y|--silent)$/.test(word)))
    return undefined;
  const shown = [name, ...words].join(" ");
  return {
    rule: "cloud.delete",
    severity: "dangerous",
    reason: `'${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}' ${verb.includes("uninstall") ? "uninstalls" : "deletes"} hosted or cluster state without asking, which cannot be undone from this machine; leave out the option that skips the question, or ask the user.`,
  };
};
