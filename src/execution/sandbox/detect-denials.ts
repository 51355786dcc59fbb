import type { SandboxPolicy } from "./sandbox-policy.js";

/** One thing the sandbox refused a command. */
export type SandboxDenial =
  | { readonly kind: "write"; readonly path: string }
  | { readonly kind: "read"; readonly path: string }
  | { readonly kind: "network"; readonly host: string };

/** How programs report a write the sandbox's read-only mounts refused (bash, coreutils, Python, Node). */
const WRITE_REFUSED = /read-only file system|EROFS|Errno 30/i;
/** Seatbelt refuses with EPERM; the macOS violation log carries the detail when it is on. */
const SEATBELT_REFUSED = /operation not permitted/i;
const ABSOLUTE_PATH = /(?:^|[\s'"`(:=])((?:\/|[A-Za-z]:[\\/])[^\s'"`:,)]*)/g;
/** The library's proxy denial line: `deny network-outbound host:port (reason)`. */
const NETWORK_VIOLATION = /deny network-outbound (\S+)/;

function pathsIn(line: string): string[] {
  return [...line.matchAll(ABSOLUTE_PATH)].map((match) => (match[1] ?? "").replace(/[.;]+$/, ""));
}

function isWithin(child: string, parent: string): boolean {
  const base = parent.endsWith("/") || parent.endsWith("\\") ? parent.slice(0, -1) : parent;
  return child === base || child.startsWith(`${base}/`) || child.startsWith(`${base}\\`);
}

/**
 * Reads the command's output and the library's violation lines for what the sandbox refused. Pure.
 * On Linux the kernel reports a refused write as "Read-only file system" and a denied read as a
 * missing file (the denied directory is an empty tmpfs), so the output is matched against the policy:
 * a write refusal outside `allow_write`, any error naming a path under `deny_read`. Network denials
 * come from the library's proxy, one violation line per refused connection.
 */
export function detectSandboxDenials(
  output: string,
  policy: Pick<SandboxPolicy, "allowWrite" | "denyRead">,
  violationLines: readonly string[] = [],
  platform = "linux",
): SandboxDenial[] {
  const denials: SandboxDenial[] = [];
  const seen = new Set<string>();
  const add = (denial: SandboxDenial) => {
    const key = `${denial.kind}:${denial.kind === "network" ? denial.host : denial.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    denials.push(denial);
  };
  for (const line of output.split(/\r?\n/)) {
    const paths = pathsIn(line);
    if (paths.length === 0) continue;
    const denied = paths.find((candidate) => policy.denyRead.some((entry) => isWithin(candidate, entry)));
    if (denied !== undefined) {
      add({ kind: "read", path: denied });
      continue;
    }
    const refused = WRITE_REFUSED.test(line) || (platform === "darwin" && SEATBELT_REFUSED.test(line));
    if (!refused) continue;
    // The last path: a leading one is the reporting program (`/bin/bash: line 1: /x: Read-only …`).
    const outside = paths.findLast(
      (candidate) => !policy.allowWrite.some((entry) => isWithin(candidate, entry)),
    );
    if (outside !== undefined) add({ kind: "write", path: outside });
  }
  for (const line of violationLines) {
    const network = NETWORK_VIOLATION.exec(line);
    if (network?.[1]) add({ kind: "network", host: network[1] });
  }
  return denials;
}
