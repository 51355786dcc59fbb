/**
 * Which variables carry credentials, decided by rule rather than substring: a name is split into
 * words (`_`, `-`, `.` and camelCase boundaries), and a credential word must be a whole word, so
 * `MONKEY` and `TOKENIZERS_PARALLELISM` stay while `GITHUB_TOKEN` and `npm_config__authToken` go.
 * Values are checked too, because `DATABASE_URL=postgres://u:secret@db` is a credential whatever
 * its name says. Pure: names and values in, a yes/no out.
 */

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
];

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

export function isCredentialName(name: string): boolean {
  if (KNOWN_CREDENTIAL_NAMES.includes(name.toUpperCase())) return true;
  const words = nameWords(name);
  return words.some(
    (word, index) =>
      CREDENTIAL_WORDS.includes(word) ||
      (word === "KEY" && index > 0 && KEY_QUALIFIERS.includes(words[index - 1] as string)),
  );
}

/** `scheme://user:password@host`: a password in a URL's user information. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:[^\s/@]+@/i;

/** Token formats that are credentials wherever they appear (GitHub, Slack, AWS, PEM private keys). */
const TOKEN_FORMATS = [
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

export function isCredentialValue(value: string): boolean {
  return URL_WITH_PASSWORD.test(value) || TOKEN_FORMATS.some((format) => format.test(value));
}

/** The one question the environment builder asks: does this variable carry a credential? */
export function carriesCredential(name: string, value: string): boolean {
  return isCredentialName(name) || isCredentialValue(value);
}
