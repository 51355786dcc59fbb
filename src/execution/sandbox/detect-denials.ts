import path from "node:path";
import type { SandboxDenial, SandboxPolicy } from "../../reports/sandbox-report.js";
import { hostsRefusedIn } from "./connection-errors.js";

export type { SandboxDenial } from "../../reports/sandbox-report.js";

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

/** A quoted name (`'x'`, `"x"`, `‘x’`), as coreutils, Python and Node quote the file they failed on. */
const QUOTED = /['"‘“]([^'"’”\n]+)['"’”]/g;
/** bash's form, `prog: line 1: NAME: message`: the field just before the message. */
const FIELD_BEFORE_MESSAGE =
  /(?:^|:\s)([^:]+?):\s*(?:Read-only file system|No such file or directory|Permission denied|Operation not permitted)/i;

/**
 * The file an error line is about, as the program wrote it (relative or absolute): the last quoted
 * name, else bash's field before the message. Undefined for a line that is not such an error.
 */
function errorSubject(line: string): string | undefined {
  const quoted = [...line.matchAll(QUOTED)]
    .map((match) => match[1] ?? "")
    .filter((name) => name.trim() !== "");
  const last = quoted.at(-1);
  if (last !== undefined) return last;
  return FIELD_BEFORE_MESSAGE.exec(line)?.[1]?.trim();
}

function isWithin(child: string, parent: string): boolean {
  const base = parent.endsWith("/") || parent.endsWith("\\") ? parent.slice(0, -1) : parent;
  return child === base || child.startsWith(`${base}/`) || child.startsWith(`${base}\\`);
}

export interface DenialHost {
  /** The command's working directory: a relative name in an error is resolved against it. */
  readonly cwd?: string | undefined;
  /**
   * Whether a path exists on the host. A file that is missing there too was not hidden by the
   * sandbox (`ls ~/.ssh` with no ~/.ssh), so it is no denied read. Default: it exists.
   */
  readonly exists?: ((target: string) => boolean) | undefined;
  /**
   * The command had no network at all (no allowed host, and no proxy relays to record what it
   * tried): a connection error in its output names the refused host. Default: no.
   */
  readonly networkFromOutput?: boolean | undefined;
}

/**
 * Reads the command's output and the library's violation lines for what the sandbox refused. Pure.
 * On Linux the kernel reports a refused write as "Read-only file system" and a denied read as a
 * missing file (the denied directory is an empty tmpfs), so the output is matched against the policy:
 * a write refusal outside `allow_write`, an error naming a path under `deny_read` that exists on the
 * host. The path is the one the error is about, resolved against the command's cwd when relative,
 * never the program that reported it. Network denials come from the library's proxy, one violation
 * line per refused connection, or, with no network at all, from the clients' connection errors.
 */
export function detectSandboxDenials(
  output: string,
  policy: Pick<SandboxPolicy, "allowWrite" | "denyRead">,
  violationLines: readonly string[] = [],
  platform = "linux",
  host: DenialHost = {},
): SandboxDenial[] {
  const denials: SandboxDenial[] = [];
  const seen = new Set<string>();
  const exists = host.exists ?? (() => true);
  const add = (denial: SandboxDenial) => {
    const key = `${denial.kind}:${denial.kind === "network" ? denial.host : denial.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    denials.push(denial);
  };
  const resolve = (name: string) =>
    path.posix.isAbsolute(name) || /^[A-Za-z]:[\\/]/.test(name) || host.cwd === undefined
      ? name
      : path.posix.resolve(host.cwd, name);
  for (const line of output.split(/\r?\n/)) {
    if (host.networkFromOutput)
      for (const refused of hostsRefusedIn(line)) add({ kind: "network", host: refused });
    const subject = errorSubject(line);
    const resolved = subject === undefined ? undefined : resolve(subject);
    const paths = [...new Set([...(resolved?.startsWith("/") ? [resolved] : []), ...pathsIn(line)])];
    if (paths.length === 0) continue;
    const denied = paths.find(
      (candidate) => policy.denyRead.some((entry) => isWithin(candidate, entry)) && exists(candidate),
    );
    if (denied !== undefined) {
      add({ kind: "read", path: denied });
      continue;
    }
    const refused = WRITE_REFUSED.test(line) || (platform === "darwin" && SEATBELT_REFUSED.test(line));
    if (!refused) continue;
    // The subject of the error when there is one (a relative one that cannot be resolved names
    // nothing); otherwise the last path: a leading one is the reporting program.
    const target = resolved === undefined ? pathsIn(line).at(-1) : resolved;
    if (
      target !== undefined &&
      path.posix.isAbsolute(target) &&
      !policy.allowWrite.some((entry) => isWithin(target, entry))
    ) {
      add({ kind: "write", path: target });
    }
  }
  for (const line of violationLines) {
    const network = NETWORK_VIOLATION.exec(line);
    if (network?.[1]) add({ kind: "network", host: network[1] });
  }
  return denials;
}
