/**
 * Values that are credentials by their shape, whatever the variable is called: a token format a
 * service prints with a fixed prefix, a JWT, a URL or connection string that carries a password, an
 * HTTP authorization or cookie header. Pure: a value in, a yes/no out. Every pattern needs enough of
 * the secret after its prefix that ordinary text (a PATH, LS_COLORS, a prompt, a commit hash) never
 * matches; the realistic environments in the tests keep that honest.
 */

/** Token formats that are credentials wherever they appear, by the prefix their issuer gives them. */
const TOKEN_FORMATS: readonly RegExp[] = [
  // GitHub (classic, OAuth, app, refresh; fine-grained)
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  // GitLab: personal, OAuth secret, deploy, runner, CI job, trigger, feed, mail, agent, SCIM, flags
  /\bgl(?:pat|oas|dt|rt|cbt|ptt|ft|imt|agent|soat|ffct)-[A-Za-z0-9_-]{20,}/,
  // Slack bot/user/app tokens and incoming webhooks
  /\bxox[abeprs]-[A-Za-z0-9-]{10,}/,
  /\bxapp-\d-[A-Za-z0-9-]{10,}/,
  /\bhooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{8,}/,
  /\bdiscord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,}/,
  // AWS access key ids (long-term and temporary)
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  // Stripe secret and restricted keys, webhook signing secrets
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/,
  /\bwhsec_[A-Za-z0-9]{20,}/,
  // OpenAI and Anthropic API keys
  /\bsk-(?:ant-|proj-|svcacct-|admin-)[A-Za-z0-9_-]{20,}/,
  /\bsk-[A-Za-z0-9]{40,}/,
  // Google API keys and OAuth access tokens
  /\bAIza[0-9A-Za-z_-]{35}/,
  /\bya29\.[0-9A-Za-z_-]{20,}/,
  // npm, PyPI, Hugging Face, Docker Hub, DigitalOcean, Vault, Databricks, SendGrid, Atlassian, Age
  /\bnpm_[A-Za-z0-9]{36}\b/,
  /\bpypi-AgE[A-Za-z0-9_-]{20,}/,
  /\bhf_[A-Za-z0-9]{30,}/,
  /\bdckr_pat_[A-Za-z0-9_-]{20,}/,
  /\bdo[opr]_v1_[a-f0-9]{64}\b/,
  /\bhv[sb]\.[A-Za-z0-9_-]{24,}/,
  /\bdapi[a-f0-9]{32}\b/,
  /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/,
  /\bATATT3[A-Za-z0-9_=-]{20,}/,
  /\bAGE-SECRET-KEY-1[0-9A-Z]{50,}/,
  // PEM private keys (RSA, EC, OpenSSH, PKCS#8, encrypted) and PGP private key blocks
  /-----BEGIN [A-Z ]*PRIVATE KEY[A-Z ]*-----/,
];

// One pass over the value instead of one per format: the first build of an environment judges
// every variable.
const ANY_TOKEN_FORMAT = new RegExp(TOKEN_FORMATS.map((format) => format.source).join("|"));

/** A JSON Web Token: base64url header and payload (both JSON objects, so `eyJ`), a signature. */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;

/** `scheme://user:password@host`: a password in a URL's user information. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:[^\s/@]+@/i;

/** A credential in a URL's query (`?access_token=…`, a signed S3 or Azure SAS URL's `sig=`). */
const QUERY_CREDENTIAL =
  /[?&](?:password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|id_token|api_key|apikey|sig|signature|x-amz-signature|x-amz-security-token|x-goog-signature|x-goog-credential)=[^&\s#]{6,}/i;

/**
 * `Key=value;` connection strings (ADO.NET, ODBC, JDBC properties, Azure storage and Service Bus)
 * whose password or account key is set.
 */
const CONNECTION_STRING_SECRET =
  /(?:^|[;\s-])(?:password|pwd|accountkey|sharedaccesskey|sharedaccesssignature|sharedsecretvalue)\s*=\s*[^;\s]/i;

/** An HTTP `Authorization` value (`Bearer …`, `Basic …`, `token …`) or a cookie header. */
const AUTHORIZATION = /\bBearer\s+[A-Za-z0-9._~+/-]{12,}/i;
const HEADER = /(?:^|[\s"'])(?:authorization|proxy-authorization|cookie|set-cookie)\s*:\s*(?:\S+\s+)?\S{8,}/i;

/** Whether a value carries a credential by its shape alone. */
export function isCredentialValue(value: string): boolean {
  // Most values are short words, numbers and paths; none of these shapes fits in eight characters.
  if (value.length < 8) return false;
  return (
    URL_WITH_PASSWORD.test(value) ||
    ANY_TOKEN_FORMAT.test(value) ||
    JWT.test(value) ||
    QUERY_CREDENTIAL.test(value) ||
    CONNECTION_STRING_SECRET.test(value) ||
    AUTHORIZATION.test(value) ||
    HEADER.test(value)
  );
}

/** The alphabet of generated secrets (base64, base64url, and the separators token formats use). */
const TOKEN_ALPHABET = /^[A-Za-z0-9+/=_.~-]+$/;
const MIN_RANDOM_LENGTH = 20;
/** Entropy per character, as a share of the most a string of that length can have. */
const MIN_ENTROPY_SHARE = 0.8;

function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / value.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/**
 * A value that looks machine-generated: long, one token of the secret alphabet, upper case, lower
 * case and digits mixed, and close to the entropy of random text. Hex strings (commit hashes, key
 * fingerprints, checksums) have no lower/upper mix and are left out on purpose: as values of
 * `GITHUB_SHA` or `GPG_KEY` they are identifiers, not secrets.
 */
export function looksRandom(value: string): boolean {
  if (value.length < MIN_RANDOM_LENGTH || !TOKEN_ALPHABET.test(value)) return false;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) return false;
  const most = Math.log2(Math.min(value.length, 64));
  return shannonEntropy(value) >= MIN_ENTROPY_SHARE * most;
}
