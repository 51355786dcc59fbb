import { createHash, createHmac } from "node:crypto";

/**
 * Strict host-key checking against an OpenSSH known_hosts file: the key the server presents must
 * be listed for that host (plain, wildcard or hashed `|1|salt|hash` names; `[host]:port` for a
 * port other than 22). An unknown host and a changed key both refuse — never accepted silently —
 * and a `@revoked` key refuses even when also listed. `@cert-authority` lines are not supported
 * (they match nothing). Pure.
 */
export type HostKeyVerdict =
  | { readonly kind: "known" }
  | { readonly kind: "unknown"; readonly fingerprint: string }
  | { readonly kind: "changed"; readonly fingerprint: string; readonly listed: readonly string[] }
  | { readonly kind: "revoked"; readonly fingerprint: string };

interface KnownHostLine {
  readonly marker?: "revoked" | "cert-authority";
  readonly patterns: readonly string[];
  readonly keyType: string;
  readonly key: Buffer;
}

/** OpenSSH's fingerprint of a key blob: `SHA256:` and the unpadded base64 digest. */
export function fingerprintOf(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

function parseLine(line: string): KnownHostLine | undefined {
  const words = line.trim().split(/\s+/);
  if (words.length === 0 || words[0] === "" || words[0]!.startsWith("#")) return undefined;
  let marker: KnownHostLine["marker"];
  if (words[0] === "@revoked" || words[0] === "@cert-authority") {
    marker = words[0] === "@revoked" ? "revoked" : "cert-authority";
    words.shift();
  }
  const [hosts, keyType, key] = words;
  if (!hosts || !keyType || !key) return undefined;
  return {
    ...(marker ? { marker } : {}),
    patterns: hosts.split(","),
    keyType,
    key: Buffer.from(key, "base64"),
  };
}

function wildcardMatches(pattern: string, name: string): boolean {
  const expression = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${expression}$`, "i").test(name);
}

function hashedMatches(pattern: string, name: string): boolean {
  const [, kind, salt, hash] = pattern.split("|");
  if (kind !== "1" || !salt || !hash) return false;
  const digest = createHmac("sha1", Buffer.from(salt, "base64")).update(name).digest("base64");
  return digest === hash;
}

/** Whether a line's host patterns name this host (negations win). */
function namesHost(patterns: readonly string[], name: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    if (pattern.startsWith("!")) {
      if (wildcardMatches(pattern.slice(1), name)) return false;
    } else if (pattern.startsWith("|") ? hashedMatches(pattern, name) : wildcardMatches(pattern, name)) {
      matched = true;
    }
  }
  return matched;
}

/** How known_hosts spells this host: `host`, or `[host]:port` for a port other than 22. */
export function knownHostName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

export function checkHostKey(knownHosts: string, host: string, port: number, key: Buffer): HostKeyVerdict {
  const name = knownHostName(host, port);
  const fingerprint = fingerprintOf(key);
  const lines = knownHosts
    .split("\n")
    .map(parseLine)
    .filter((line): line is KnownHostLine => line !== undefined && line.marker !== "cert-authority")
    .filter((line) => namesHost(line.patterns, name));
  if (lines.some((line) => line.marker === "revoked" && line.key.equals(key)))
    return { kind: "revoked", fingerprint };
  const listed = lines.filter((line) => line.marker === undefined);
  if (listed.some((line) => line.key.equals(key))) return { kind: "known" };
  if (listed.length === 0) return { kind: "unknown", fingerprint };
  return {
    kind: "changed",
    fingerprint,
    listed: listed.map((line) => `${line.keyType} ${fingerprintOf(line.key)}`),
  };
}

/**
 * The key types known_hosts lists for this host, so the client asks the server for one of those
 * (as OpenSSH does) rather than for a type it could only call "changed". Pure.
 */
export function listedKeyTypes(knownHosts: string, host: string, port: number): string[] {
  const name = knownHostName(host, port);
  const types = knownHosts
    .split("\n")
    .map(parseLine)
    .filter((line): line is KnownHostLine => line !== undefined && line.marker === undefined)
    .filter((line) => namesHost(line.patterns, name))
    .map((line) => line.keyType);
  return [...new Set(types)];
}
