import { writesTarget } from "../extract/invocation.js";
import { basename } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { languageOf } from "../interpreters/inline-code.js";
import { WRAPPERS } from "../normalize/wrappers.js";
import { ownEntry } from "../own-entry.js";
import { SHELLS } from "../reparse/shell-script.js";
import { SOCKET_CLIENTS } from "./network-senders.js";
import { type Rule, values } from "./rule.js";
import { NETWORK_DEVICE } from "./secret-uploads.js";

/**
 * Handing a command interpreter to the network — a reverse or bind shell — gives whoever is at the
 * other end this machine, and nothing the gate sees afterwards says what they ran. Judged by the
 * capability, whatever the spelling: a shell or interpreter whose input or output is bash's
 * `/dev/tcp`/`/dev/udp` pseudo-device (directly, or through a descriptor `exec` opened on one), a
 * socket client told to run a program for the connection (`nc -e`, `ncat --sh-exec`), socat joining
 * a program address to a network one, gawk's `/inet/` special files beside a command it runs.
 * Piping a connection into a shell is already input only known at run time (dynamic.pipe-to-shell).
 */

function remoteShellHit(what: string): RuleHit {
  return {
    rule: "network.remote-shell",
    severity: "dangerous",
    reason: `${what}, which hands control of this machine to whoever is at the other end (a reverse or bind shell); run the commands directly instead.`,
  };
}

/** Descriptors `exec N<>/dev/tcp/…` opened, per shell state (a scope lives as long as its script). */
const OPENED = new WeakMap<Scope, Map<string, string>>();

function runsCode(name: string): boolean {
  return (
    SHELLS.has(name) || languageOf(name) !== undefined || /^(g|m|n)?awk$/.test(name) || name === "busybox"
  );
}

function networkRedirect(invocation: Parameters<Rule>[0]["invocation"], scope: Scope): string | undefined {
  const opened = OPENED.get(scope);
  for (const redirect of invocation.redirects) {
    const target = redirect.target?.value;
    if (target === undefined) continue;
    if (NETWORK_DEVICE.test(target)) return target;
    if (opened && /^[<>]&$|^[<>]$/.test(redirect.operator) && opened.has(target)) return opened.get(target);
  }
  return undefined;
}

const EXEC_OPTIONS = /^(-[a-zA-Z]*[ec]|--exec|--sh-exec|--lua-exec|--exec-command)$/;

function socketClientExec(words: readonly string[]): boolean {
  return words.some(
    (word, index) =>
      (EXEC_OPTIONS.test(word) && words[index + 1] !== undefined) ||
      /^-[ec]\S/.test(word) ||
      /^--(sh-|lua-)?exec=/.test(word),
  );
}

const SOCAT_PROGRAM = /^(exec|system)$/i;
const SOCAT_NETWORK =
  /^(tcp[46]?(-listen|-l|-connect)?|udp[46]?(-listen|-l|-sendto|-recvfrom|-datagram)?|ssl|openssl(-listen|-connect)?|sctp[46]?(-listen|-connect)?|socks[45]a?|proxy(-connect)?|vsock(-listen|-connect)?|dccp[46]?(-listen|-connect)?)$/i;

function socatAddressType(word: string): string {
  return /^[\w-]+/.exec(word)?.[0] ?? "";
}

export const networkShellRule: Rule = ({ name, args, invocation, scope }) => {
  const words = values(args);
  if (name === "exec" && words.length === 0) {
    for (const redirect of invocation.redirects) {
      const target = redirect.target?.value;
      if (target === undefined || !NETWORK_DEVICE.test(target)) continue;
      const descriptor = String(redirect.descriptor ?? (writesTarget(redirect) ? 1 : 0));
      const opened = OPENED.get(scope) ?? new Map<string, string>();
      opened.set(descriptor, target);
      OPENED.set(scope, opened);
      // The shell itself now reads its commands from (or writes to) the connection.
      if (descriptor === "0")
        return remoteShellHit(`'exec 0<${target}' connects this shell's input to the network`);
    }
    return undefined;
  }
  // A wrapper's redirects are the wrapped command's (`exec bash -i >& /dev/tcp/…`, `nohup sh -i <…`).
  const wrapped =
    (name === "exec" || ownEntry(WRAPPERS, name) !== undefined) &&
    words.some((word) => runsCode(basename(word)));
  if (runsCode(name) || wrapped) {
    const target = networkRedirect(invocation, scope);
    if (target) return remoteShellHit(`'${name}' runs with its input or output connected to ${target}`);
  }
  if (SOCKET_CLIENTS.has(name) && name !== "socat" && name !== "telnet" && socketClientExec(words))
    return remoteShellHit(`'${name}' runs a program for the network connection`);
  if (name === "socat") {
    const addresses = words.filter((word) => !word.startsWith("-") || word === "-").map(socatAddressType);
    if (
      addresses.some((type) => SOCAT_PROGRAM.test(type)) &&
      addresses.some((type) => SOCAT_NETWORK.test(type))
    )
      return remoteShellHit("'socat' joins a program to a network address");
  }
  if (
    /^(g|m|n)?awk$/.test(name) &&
    words.some((word) => word.includes("/inet/") || word.includes("/inet4/") || word.includes("/inet6/"))
  ) {
    if (words.some((word) => /\|&|\bsystem\s*\(|\|\s*getline/.test(word)))
      return remoteShellHit(`'${name}' opens a network connection and runs commands`);
  }
  return undefined;
};
