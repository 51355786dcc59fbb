/**
 * The host a connection error is about, as common clients report it. Pure.
 *
 * Read only when the command had no network at all (no allowed host, so no proxy to record the
 * refusal): then any failed lookup or connection is the sandbox's, and the client's own words name
 * the host it wanted. Each pattern gives the host and, where the client says it, the port.
 */
const PATTERNS: readonly RegExp[] = [
  // curl, git over HTTP(S): `Could not resolve host: example.com`
  /Could not resolve host: ([^\s'"`;,]+)/,
  // curl: `Failed to connect to 127.0.0.1 port 8080 after 0 ms: …`
  /Failed to connect to (\S+) port (\d+)/,
  // ssh: `Could not resolve hostname github.com: …`, `connect to host 10.0.0.1 port 22: …`
  /Could not resolve hostname ([^\s:]+):/,
  /connect to host (\S+) port (\d+):/,
  // wget: `unable to resolve host address ‘example.com’`, `Connecting to 127.0.0.1:8080... failed`
  /unable to resolve host address [‘'"“]([^’'"”]+)[’'"”]/,
  /Connecting to ([^\s|(]+?)(?: \([^)]*\))?(?:\|[^|]*\|)?:(\d+)\.\.\. failed/,
  // Node: `getaddrinfo EAI_AGAIN registry.npmjs.org`, `connect ECONNREFUSED 127.0.0.1:8080`
  /getaddrinfo (?:EAI_AGAIN|ENOTFOUND) ([^\s'"`;,]+)/,
  /connect (?:ECONNREFUSED|ENETUNREACH|EHOSTUNREACH) ([^\s'"`;,]+)/,
  // Python (urllib3, requests, pip): `HTTPSConnectionPool(host='pypi.org', port=443): Max retries …`
  /ConnectionPool\(host='([^']+)', port=(\d+)\): Max retries/,
];

/** The hosts (`host` or `host:port`) the connection errors in `line` name; none for other lines. */
export function hostsRefusedIn(line: string): string[] {
  const hosts: string[] = [];
  for (const pattern of PATTERNS) {
    const match = pattern.exec(line);
    const host = match?.[1]?.replace(/[.)\]]+$/, "");
    if (!host) continue;
    hosts.push(match?.[2] ? `${host}:${match[2]}` : host);
  }
  return hosts;
}
