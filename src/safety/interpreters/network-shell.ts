import type { RuleHit } from "../finding.js";
import type { Language } from "./inline-code.js";
import { insideStrings } from "./string-literals.js";

/**
 * Inline code that opens a network connection and starts processes is a remote shell in all but
 * name (`socket.connect(…); os.dup2(s.fileno(), 0); subprocess.call(["/bin/sh"])`): whoever is at
 * the other end runs commands here. Judged by the two capabilities, not by the payload's spelling.
 */
const NETWORK: Record<Language, RegExp> = {
  python: /\b(socket|create_connection|telnetlib|open_connection|socketserver)\b/,
  perl: /\b(IO::Socket|Socket|socket|Net::Telnet)\b/,
  ruby: /\b(TCPSocket|UDPSocket|TCPServer|Socket|UNIXSocket)\b/,
  php: /\b(fsockopen|pfsockopen|socket_create|stream_socket_client|stream_socket_server)\b/,
  node: /\bnet\s*\.\s*(connect|Socket|createConnection|createServer)\b|\brequire\s*\(\s*["'](node:)?(net|dgram|tls)["']\s*\)|\btls\s*\.\s*connect\b/,
  lua: /\bsocket\s*\.\s*(tcp|connect|udp)\b|\brequire\s*\(?\s*["']socket["']/,
};

const PROCESS: Record<Language, RegExp> = {
  python:
    /\b(subprocess|pty\s*\.\s*spawn|os\s*\.\s*(system|popen|exec\w*|spawn\w*|dup2|posix_spawn\w*)|commands)\b/,
  perl: /\b(exec|system|qx)\b|`|\bopen\s*\(\s*(STDIN|STDOUT|STDERR)\b|\bopen\s*\(?\s*\w+\s*,\s*["']\s*[|-]/,
  ruby: /\b(exec|system|spawn|popen|popen3|fork)\b|`|%x/,
  php: /\b(exec|shell_exec|system|passthru|popen|proc_open|pcntl_exec)\b|`/,
  node: /\bchild_process\b|\b(spawn|exec|execSync|spawnSync|execFile|fork)\s*\(/,
  lua: /\bos\s*\.\s*execute\b|\bio\s*\.\s*popen\b/,
};

function outsideStrings(code: string, regex: RegExp, inside: (offset: number) => boolean): boolean {
  const global = new RegExp(regex.source, "g");
  for (const match of code.matchAll(global)) if (!inside(match.index)) return true;
  return false;
}

export function networkShellHit(code: string, language: Language, origin: string): RuleHit | undefined {
  const inside = insideStrings(code);
  if (!outsideStrings(code, NETWORK[language], inside)) return undefined;
  if (!outsideStrings(code, PROCESS[language], inside)) return undefined;
  return {
    rule: "network.remote-shell",
    severity: "dangerous",
    reason: `${origin} opens a network connection and starts processes, which hands control of this machine to whoever is at the other end (a reverse or bind shell); run the commands directly instead.`,
  };
}
