import { HOME_PATH } from "../extract/expanded-word.js";
import { type PathBase, resolveIn } from "../extract/paths.js";

/**
 * Files whose content is a secret: once sent to another machine it cannot be taken back (a key has
 * to be replaced everywhere it is trusted). The home's keys and credential stores — of this user
 * (`~`) or any other (`/root`, `/home/NAME`) — the system's password hashes and ssh host keys.
 */
const HOME_SECRETS =
  /^(\.ssh(\/(id_(?![^/]*\.pub$)[^/]*|[^/]*\.pem|[^/]*\.key))?|\.gnupg(\/.*)?|\.aws(\/(credentials|config))?|\.azure(\/.*)?|\.kube(\/config)?|\.docker\/config\.json|\.netrc|\.git-credentials|\.pgpass|\.my\.cnf|\.password-store(\/.*)?|\.config\/(gh\/hosts\.yml|gcloud(\/.*)?|hub)|\.local\/share\/keyrings(\/.*)?|\.vault-token|\.npmrc|\.pypirc)$/;
const SYSTEM_SECRETS = /^\/etc\/(shadow|gshadow|shadow-|gshadow-|ssh\/ssh_host_[^/]*_key|sudoers)$/;
const HOMES = /^(\/home\/[^/]+|\/root|\/Users\/[^/]+)\/(.+)$/;

/** Whether a resolved path is (or is a directory of) secrets. */
export function isSecretPath(resolved: string): boolean {
  if (SYSTEM_SECRETS.test(resolved)) return true;
  const home = HOMES.exec(resolved.replace(/\/+$/, ""));
  return home !== null && HOME_SECRETS.test(home[2]!);
}

/** The secret a word names, as the user would read it (`~/.ssh/id_rsa`), or undefined. */
export function secretNamed(value: string, scope: PathBase | undefined): string | undefined {
  if (value === "" || value === "-") return undefined;
  const resolved = resolveIn(value, scope);
  if (resolved === undefined || !isSecretPath(resolved)) return undefined;
  return resolved.startsWith(HOME_PATH) ? `~${resolved.slice(HOME_PATH.length)}` : resolved;
}

/** Commands whose whole output is the environment, which holds the session's tokens and keys. */
export function printsEnvironment(name: string, args: readonly string[]): boolean {
  if (name === "printenv") return true;
  if (name === "env") return args.every((arg) => /^-/.test(arg) && !/^-[a-zA-Z]*[uSC]/.test(arg));
  if (name === "export" || name === "declare" || name === "typeset")
    return args.length === 1 && args[0] === "-p";
  if (name === "set") return args.length === 0;
  return false;
}

/** `/proc/self/environ`, `/proc/1/environ`: a process's environment. */
export function isEnvironmentFile(value: string): boolean {
  return /^\/proc\/[^/]+\/environ$/.test(value);
}

/** Commands that print a secret they hold (an exported private keyring, an access token). */
export function printsSecret(name: string, args: readonly string[]): string | undefined {
  if (/^gpg2?$/.test(name) && args.some((arg) => /^--export-secret-(sub)?keys$/.test(arg)))
    return "the secret keyring";
  if (name === "gh" && args[0] === "auth" && args[1] === "token") return "the GitHub token";
  if (name === "glab" && args[0] === "auth" && args[1] === "token") return "the GitLab token";
  if (name === "gcloud" && args.some((arg) => /^print-(access|identity)-token$/.test(arg)))
    return "a Google Cloud token";
  if (name === "aws" && args[0] === "configure" && /^(export-credentials|get)$/.test(args[1] ?? ""))
    return "AWS credentials";
  if (name === "az" && args.includes("get-access-token")) return "an Azure token";
  if (name === "kubectl" && args[0] === "config" && args[1] === "view" && args.includes("--raw"))
    return "the cluster credentials";
  return undefined;
}
