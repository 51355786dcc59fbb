import { isCredentialValue, looksRandom } from "./credential-values.js";

/**
 * Which variables carry credentials, decided by rule rather than substring: a name is split into
 * words (`_`, `-`, `.` and camelCase boundaries), and a credential word must be a whole word or end
 * a word (`SECRETKEY`, `AUTHTOKEN`), so `MONKEY`, `BYPASS` and `TOKENIZERS_PARALLELISM` stay while
 * `GITHUB_TOKEN` and `npm_config__authToken` go. Values are judged too (see `credential-values`),
 * because `DATABASE_URL=postgres://u:secret@db` is a credential whatever its name says; and a
 * random-looking value under a name that suggests a secret (`OPENAI_KEY`, `SENTRY_AUTH`) is one.
 * Pure: names and values in, a yes/no out.
 */

export { isCredentialValue } from "./credential-values.js";

/** A whole word anywhere in the name makes it a credential. */
export const CREDENTIAL_WORDS: readonly string[] = [
  "TOKEN",
  "TOKENS",
  "SECRET",
  "SECRETS",
  "PASSWORD",
  "PASSWORDS",
  "PASSWD",
  "PASSPHRASE",
  "CREDENTIAL",
  "CREDENTIALS",
  "APIKEY",
  "ACCESSKEY",
  "PRIVATEKEY",
  "PASS",
  "COOKIE",
  "COOKIES",
];

/** A word that ends with one of these is a credential word run together (`DBPASSWORD`, `CLIENTSECRET`). */
const CREDENTIAL_ENDINGS: readonly string[] = [
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "CREDENTIALS",
];

/** `KEY` is only a credential after one of these words (`*_API_KEY`, `SSH_PRIVATE_KEY`), not in `SORT_KEY`. */
export const KEY_QUALIFIERS: readonly string[] = [
  "API",
  "ACCESS",
  "PRIVATE",
  "SIGNING",
  "ENCRYPTION",
  "MASTER",
  "AUTH",
  "SESSION",
  "LICENSE",
  "SECRET",
];

/**
 * Words that suggest a secret without proving one (`SORT_KEY`, `AUTH_TYPE` are ordinary): the
 * variable is a credential when its value also looks random.
 */
export const SUGGESTIVE_WORDS: readonly string[] = [
  "KEY",
  "KEYS",
  "AUTH",
  "SIGNATURE",
  "SALT",
  "HMAC",
  "SEED",
  "WEBHOOK",
  "DSN",
  "PRIVATE",
];

/**
 * Kept on purpose although a rule would read them as secrets: `SSH_AUTH_SOCK` is the path of the
 * user's SSH agent socket, no secret itself (see the README for what it lets a command do).
 */
export const KEPT_ON_PURPOSE: readonly string[] = ["SSH_AUTH_SOCK"];

/** Words that say a kubeconfig variable holds the file's content (its keys and tokens), not its path. */
const CONTENT_WORDS: readonly string[] = ["DATA", "CONTENT", "CONTENTS", "B64", "BASE64", "YAML", "JSON"];

/** Credentials whose names the word rules miss. */
export const KNOWN_CREDENTIAL_NAMES: readonly string[] = [
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "PGPASSWORD",
  "MYSQL_PWD",
  "REDISCLI_AUTH",
  "DOCKER_AUTH_CONFIG",
  "NPM_CONFIG__AUTH",
  "SENTRY_DSN",
  "SLACK_WEBHOOK_URL",
];

/** The words of a variable name, upper-cased: `npm_config__authToken` → NPM, CONFIG, AUTH, TOKEN. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toUpperCase());
}

function isCredentialWord(word: string, index: number, words: readonly string[]): boolean {
  if (CREDENTIAL_WORDS.includes(word)) return true;
  if (word === "KEY") return index > 0 && KEY_QUALIFIERS.includes(words[index - 1] as string);
  // `DB_PWD`; `PWD` alone is the working directory.
  if (word === "PWD") return words.length > 1;
  if (CREDENTIAL_ENDINGS.some((ending) => word.length > ending.length && word.endsWith(ending))) return true;
  return word.endsWith("KEY") && KEY_QUALIFIERS.includes(word.slice(0, -"KEY".length));
}

/** `KUBECONFIG_DATA`, `KUBE_CONFIG_DATA`: a kubeconfig's content (`KUBECONFIG` itself is a path). */
function isKubeconfigContent(words: readonly string[]): boolean {
  const joined = words.join("_");
  return (
    (joined.includes("KUBECONFIG") || joined.includes("KUBE_CONFIG")) &&
    words.some((word) => CONTENT_WORDS.includes(word))
  );
}

export function isCredentialName(name: string): boolean {
  if (KNOWN_CREDENTIAL_NAMES.includes(name.toUpperCase())) return true;
  const words = nameWords(name);
  return words.some(isCredentialWord) || isKubeconfigContent(words);
}

function suggestsSecret(name: string): boolean {
  return nameWords(name).some((word) => SUGGESTIVE_WORDS.includes(word) || word.endsWith("KEY"));
}

/** The one question the environment builder asks: does this variable carry a credential? */
export function carriesCredential(name: string, value: string): boolean {
  if (KEPT_ON_PURPOSE.includes(name.toUpperCase())) return false;
  return isCredentialName(name) || isCredentialValue(value) || (suggestsSecret(name) && looksRandom(value));
}
