import { HOME_PATH } from "../extract/expanded-word.js";
import { writesTarget } from "../extract/invocation.js";
import type { PathBase } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { isRemotePath, senderKind, sendsStdin } from "./network-senders.js";
import { type Rule, values } from "./rule.js";
import { isEnvironmentFile, printsEnvironment, secretNamed } from "./secrets.js";

/**
 * Secrets sent to another machine (principle: what cannot be undone off this machine): a key, token
 * store or password file handed to a program that uploads it — curl's and wget's request bodies and
 * uploads, HTTPie's file fields, scp/rsync/rclone/object-store copies to a remote destination, a mail
 * attachment, a socket client's input — or written to bash's `/dev/tcp` pseudo-device. Once it has
 * left, the key has to be replaced everywhere it is trusted. Pipelines and substitutions that carry
 * a secret into such a program are judged in analyze/secret-flows.ts.
 */

export const NETWORK_DEVICE = /^\/dev\/(tcp|udp)\/[^/]+\/[^/]+$/;

export function secretUploadHit(what: string): RuleHit {
  return {
    rule: "exfiltration.secret",
    severity: "dangerous",
    reason: `${what}, and a secret that has left this machine cannot be called back (the key or token must be replaced everywhere it is trusted); do not send credentials anywhere — ask the user.`,
  };
}

/** The file a curl/HTTPie body or form value reads: `@FILE`, `name@FILE`, `name=@FILE;type=…`, `name=<FILE`. */
function fileOfValue(option: string, value: string): string | undefined {
  if (/^(-T|--upload-file)$/.test(option)) return value;
  if (/^(-F|--form|--form-string)$/.test(option)) {
    if (option === "--form-string") return undefined;
    return /^[^=]*=[@<]([^;]+)/.exec(value)?.[1];
  }
  if (option === "--data-urlencode") return /^[^=@]*@(.+)$/.exec(value)?.[1];
  if (option === "--data-raw") return undefined;
  return value.startsWith("@") ? value.slice(1) : undefined;
}

function fromHome(value: string): string {
  // curl opens `@~/.ssh/id_rsa` literally; reading `~` as the home only makes the gate stricter.
  return value.startsWith("~/") ? `${HOME_PATH}${value.slice(1)}` : value;
}

const CURL_BODY =
  /^(-d|--data|--data-binary|--data-ascii|--data-urlencode|--json|-F|--form|-T|--upload-file)$/;

function curlSecret(words: readonly string[], scope: Scope): string | undefined {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    let option: string | undefined;
    let value: string | undefined;
    const long = /^(--[\w-]+)=(.*)$/s.exec(word);
    if (long && CURL_BODY.test(long[1]!)) [option, value] = [long[1]!, long[2]!];
    else if (CURL_BODY.test(word)) [option, value] = [word, words[index + 1]];
    else if (/^-[dFT]./.test(word)) [option, value] = [word.slice(0, 2), word.slice(2)];
    if (option === undefined || value === undefined) continue;
    const file = fileOfValue(option, value);
    const secret = file === undefined ? undefined : secretNamed(fromHome(file), scope);
    if (secret) return secret;
  }
  return undefined;
}

function wgetSecret(words: readonly string[], scope: Scope): string | undefined {
  for (let index = 0; index < words.length; index += 1) {
    const match = /^--(post|body)-file(?:=(.*))?$/s.exec(words[index]!);
    if (!match) continue;
    const secret = secretNamed(fromHome(match[2] ?? words[index + 1] ?? ""), scope);
    if (secret) return secret;
  }
  return undefined;
}

/** HTTPie and xh: `field@FILE`, `field=@FILE`, `field:=@FILE`, `@FILE` as the body. */
function httpieSecret(words: readonly string[], scope: Scope): string | undefined {
  for (const word of words) {
    const file = /^[^@=:-]*(?::?=)?@(.+)$/.exec(word)?.[1];
    const secret = file === undefined ? undefined : secretNamed(fromHome(file), scope);
    if (secret) return secret;
  }
  return undefined;
}

/** Options whose value names a key used to connect, not a file sent (`scp -i ~/.ssh/id_rsa`). */
const KEY_OPTIONS = /^(-[iFoSJ]|--identity|--key-file|--ssh-key|--password-file|--passwd-file)$/;

export function operandSecret(words: readonly string[], scope: PathBase | undefined): string | undefined {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (KEY_OPTIONS.test(words[index - 1] ?? "")) continue;
    const secret = word.startsWith("-") ? undefined : secretNamed(word, scope);
    if (secret) return secret;
  }
  return undefined;
}

export const secretUploadRule: Rule = ({ name, args, invocation, scope }) => {
  const words = values(args);
  const input = invocation.redirects.find(
    (redirect) => redirect.operator === "<" && redirect.target && secretNamed(redirect.target.value, scope),
  );
  const inputSecret = input?.target ? secretNamed(input.target.value, scope) : undefined;
  const device = invocation.redirects.find(
    (redirect) => writesTarget(redirect) && redirect.target && NETWORK_DEVICE.test(redirect.target.value),
  );
  if (device?.target) {
    const secret =
      inputSecret ??
      operandSecret(words, scope) ??
      (printsEnvironment(name, words) || words.some(isEnvironmentFile) ? "the environment" : undefined);
    if (secret)
      return secretUploadHit(`'${name}' writes ${secret} to the network connection ${device.target.value}`);
  }
  const kind = senderKind(name, words);
  if (kind === undefined) return undefined;
  if (inputSecret && sendsStdin(name, kind, words))
    return secretUploadHit(`'${name}' sends its input, ${inputSecret}, to another machine`);
  let secret: string | undefined;
  if (name === "curl") secret = curlSecret(words, scope);
  else if (name === "wget") secret = wgetSecret(words, scope);
  else if (kind === "http") secret = httpieSecret(words, scope);
  else if (kind === "mail") {
    const attached = words.findIndex(
      (word, index) => /^-[aA]$/.test(words[index - 1] ?? "") && secretNamed(word, scope),
    );
    secret = attached === -1 ? undefined : secretNamed(words[attached]!, scope);
  } else if (kind === "copy" && words.some((word) => isRemotePath(word)))
    secret = operandSecret(words, scope);
  return secret ? secretUploadHit(`'${name}' uploads ${secret} to another machine`) : undefined;
};
