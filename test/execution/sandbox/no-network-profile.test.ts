import { describe, expect, it } from "vitest";
import { withoutNetworkRelays } from "../../../src/execution/sandbox/no-network-profile.js";

const socket = "/tmp/claude-http-0123.sock";
const relay = (port: number) =>
  `{ /usr/bin/socat TCP6-LISTEN:${port},ipv6only=0,fork UNIX-CONNECT:${socket} || exec /usr/bin/socat TCP4-LISTEN:${port},fork UNIX-CONNECT:${socket}; } >/dev/null 2>&1 &`;
const script = [
  relay(3128),
  "_srt_http=$!",
  relay(1080),
  "_srt_socks=$!",
  "trap 'rc=$?; kill %1 %2 2>/dev/null; exit $rc' EXIT",
  "while :; do break; done",
  "unset _srt_since _srt_now _srt_http _srt_socks",
  "SRT_ALLOW_NESTED_USERNS=0 /opt/apply-seccomp /bin/bash -c 'eval \"$X\"'",
].join("\n");
const quoted = (word: string) => `'${word.replace(/'/g, `'"'"'`)}'`;

/** An argv shaped like the library's 0.0.83 Linux wrap, split into bubblewrap's words. */
function libraryArgv(last = `/bin/bash -c ${quoted(script)}`): string[] {
  return [
    "/usr/bin/bwrap",
    "--new-session",
    "--die-with-parent",
    "--unshare-net",
    "--bind",
    socket,
    socket,
    "--setenv",
    "SANDBOX_RUNTIME",
    "1",
    "--setenv",
    "TMPDIR",
    "/tmp/claude",
    "--setenv",
    "HTTP_PROXY",
    "http://srt.abc:token@localhost:3128",
    "--setenv",
    "JAVA_TOOL_OPTIONS",
    "-javaagent:/x/srt-proxy-agent.jar",
    "--setenv",
    "CLAUDE_CODE_HOST_HTTP_PROXY_PORT",
    "34423",
    "--ro-bind",
    "/",
    "/",
    "--proc",
    "/proc",
    "--",
    "/bin/bash",
    "-c",
    last,
  ];
}

describe("withoutNetworkRelays", () => {
  it("drops the relays, their sockets and the proxy variables, and runs the command line directly", () => {
    expect(withoutNetworkRelays(libraryArgv())).toEqual([
      "/usr/bin/bwrap",
      "--new-session",
      "--die-with-parent",
      "--unshare-net",
      "--setenv",
      "SANDBOX_RUNTIME",
      "1",
      "--setenv",
      "TMPDIR",
      "/tmp/claude",
      "--unsetenv",
      "HTTP_PROXY",
      "--unsetenv",
      "CLAUDE_CODE_HOST_HTTP_PROXY_PORT",
      "--ro-bind",
      "/",
      "/",
      "--proc",
      "/proc",
      "--",
      "/bin/bash",
      "-c",
      "SRT_ALLOW_NESTED_USERNS=0 /opt/apply-seccomp /bin/bash -c 'eval \"$X\"'",
    ]);
  });

  it("leaves an argv of any other shape alone (the relays stay: slower, never less enclosed)", () => {
    expect(withoutNetworkRelays(libraryArgv("true"))).toBeUndefined();
    expect(withoutNetworkRelays(libraryArgv().filter((word) => word !== "--unshare-net"))).toBeUndefined();
    expect(withoutNetworkRelays(["/bin/bash", "-c", "bwrap --unshare-net -- true"])).toBeUndefined();
    // A proxy address left anywhere (a variable the block did not hold) keeps the relays.
    const stray = libraryArgv();
    stray.splice(stray.indexOf("--proc"), 0, "--setenv", "PIP_PROXY", "http://localhost:3128");
    expect(withoutNetworkRelays(stray)).toBeUndefined();
  });
});
