import { splitQuotedCommandLine } from "./command-template.js";

/**
 * bubblewrap's argv without the library's network relays, for a policy that allows no host. Pure.
 *
 * The library gives every Linux sandbox two socat relays inside its network namespace (ports 3128
 * and 1080, bridged to its proxy on the host) and waits, polling, until both listen before the
 * command runs: about half of a sandboxed start, paid even when no host is allowed and the proxy
 * can only refuse. With `--unshare-net` alone nothing gets out either; what the relays add then is
 * only the proxy's record of the refused host, which the denial reader takes from the command's own
 * error instead (detect-denials.ts). This is the library's own profile for a wrap without proxy
 * sockets: the relay script and its shell gone, the sockets not bound, the proxy variables unset
 * (a host's own `HTTP_PROXY` would only point at a proxy the command cannot reach, and a client
 * that tries no proxy names the host it wanted in its error).
 *
 * Undefined when the argv is not plainly that shape (another library version): the caller keeps
 * the relays, which is slower, never less enclosed. The result is checked to name neither a relay
 * socket nor a proxy address anywhere.
 */
export function withoutNetworkRelays(argv: readonly string[]): string[] | undefined {
  const end = argv.indexOf("--");
  if (end < 0 || end !== argv.length - 4 || argv[end + 2] !== "-c") return undefined;
  const unshare = argv.indexOf("--unshare-net");
  if (unshare < 0 || unshare > end) return undefined;
  const relayed = relayScript(argv[end + 3] ?? "");
  if (!relayed) return undefined;
  const sockets = new Set(relayed.sockets);

  const result = argv.slice(0, unshare + 1);
  let index = unshare + 1;
  let bound = 0;
  while (
    argv[index] === "--bind" &&
    sockets.has(argv[index + 1] ?? "") &&
    argv[index + 2] === argv[index + 1]
  ) {
    index += 3;
    bound += 1;
  }
  if (bound === 0) return undefined;
  // The proxy's variables follow the sockets; the first two are the library's own in every wrap.
  // A proxy address is unset (the host's own would name a proxy out of reach); the rest, which the
  // library composed for its proxy (JAVA_TOOL_OPTIONS, GIT_SSH_COMMAND, GIT_CONFIG_PARAMETERS),
  // is the command's own again.
  while (argv[index] === "--setenv" && index + 2 < end) {
    const name = argv[index + 1] as string;
    if (KEPT.has(name)) result.push("--setenv", name, argv[index + 2] as string);
    else if (/proxy/i.test(name)) result.push("--unsetenv", name);
    index += 3;
  }
  result.push(...argv.slice(index, end + 3), relayed.command);
  const leftover = result.some(
    (word) => [...sockets].some((socket) => word.includes(socket)) || PROXY_ADDRESS.test(word),
  );
  return leftover ? undefined : result;
}

/** The variables of the proxy block that are not about the proxy. */
const KEPT = new Set(["SANDBOX_RUNTIME", "TMPDIR"]);
/** The relays' addresses inside the sandbox, as the proxy variables spell them. */
const PROXY_ADDRESS = /localhost:(?:3128|1080)\b/;
/** The line that ends the relay script's preamble (its wait for both relays to listen). */
const PREAMBLE_END = /^unset _srt_since\b/;

/**
 * The relay script's socket paths and the command line it runs last, or undefined when `line` is
 * not `SHELL -c '<relays, their wait, the command>'`.
 */
function relayScript(line: string): { sockets: string[]; command: string } | undefined {
  const words = splitQuotedCommandLine(line);
  if (words?.length !== 3 || words[1] !== "-c") return undefined;
  const lines = (words[2] as string).split("\n");
  const last = lines.findIndex((text) => PREAMBLE_END.test(text));
  if (
    last < 0 ||
    !lines[0]?.startsWith("{ ") ||
    !lines.slice(0, last).some((text) => text.startsWith("trap "))
  )
    return undefined;
  const preamble = lines.slice(0, last).join("\n");
  const sockets = [...preamble.matchAll(/UNIX-CONNECT:(\S+)/g)].map((match) => match[1] as string);
  const command = lines.slice(last + 1).join("\n");
  if (sockets.length === 0 || command.trim() === "") return undefined;
  return { sockets: [...new Set(sockets)], command };
}
