/**
 * Programs that send data to another machine, and whether what they send includes their standard
 * input: what a secret piped into them, or named in their arguments, reaches. Shared by the
 * per-command rule (secret-uploads.ts) and the pipeline pass (analyze/secret-flows.ts).
 */

/** Netcat's and telnet's relatives: everything read from stdin goes to the other end. */
export const SOCKET_CLIENTS = new Set([
  "nc",
  "ncat",
  "netcat",
  "nc.traditional",
  "nc.openbsd",
  "pwncat",
  "telnet",
  "socat",
  "cryptcat",
]);

const MAILERS = new Set(["mail", "mailx", "sendmail", "mutt", "msmtp", "s-nail", "ssmtp"]);
const HTTP_CLIENTS = new Set(["curl", "wget", "http", "https", "xh", "xhs", "httpie"]);
const COPIERS = new Set(["scp", "rsync", "sftp", "rclone", "lftp", "ftp", "tftp"]);

export type SenderKind = "socket" | "mail" | "http" | "copy" | "remote-shell";

/** What kind of sender a command is, or undefined when it sends nothing anywhere. */
export function senderKind(name: string, args: readonly string[]): SenderKind | undefined {
  if (SOCKET_CLIENTS.has(name)) return "socket";
  if (name === "openssl") return args[0] === "s_client" ? "socket" : undefined;
  if (MAILERS.has(name)) return "mail";
  if (HTTP_CLIENTS.has(name)) return "http";
  if (COPIERS.has(name)) return "copy";
  if (name === "ssh") return "remote-shell";
  if (
    (name === "aws" && args[0] === "s3") ||
    name === "gsutil" ||
    (name === "gcloud" && args[0] === "storage")
  )
    return "copy";
  return undefined;
}

/** Whether a sender of that kind sends what it reads on stdin (`curl -d @-`, `nc host port`). */
export function sendsStdin(name: string, kind: SenderKind, args: readonly string[]): boolean {
  switch (kind) {
    case "socket":
    case "mail":
      // A listener (`nc -l`) also sends its stdin, to whoever connects.
      return true;
    case "http":
      if (name === "curl")
        return (
          args.some(
            (arg, index) =>
              /^(-[dFT]|--data[\w-]*|--json|--form[\w-]*|--upload-file)$/.test(args[index - 1] ?? "") &&
              /(^|[=@<])-$|^\.$/.test(arg),
          ) || args.some((arg) => /^-[dT]@?-$|^--(data[\w-]*|json|upload-file)=@?-$/.test(arg))
        );
      if (name === "wget")
        return args.some((arg) => /^--(post|body)-file(=|$)/.test(arg) && /\/dev\/stdin|=-$/.test(arg));
      // HTTPie sends piped input as the request body.
      return !args.includes("--ignore-stdin") && !args.includes("-I");
    case "remote-shell":
      return !args.some((arg) => /^-[a-zA-Z]*n/.test(arg));
    case "copy":
      return args.includes("-") || args.includes("/dev/stdin") || (name === "rclone" && args[0] === "rcat");
  }
}

/** `host:path`, `user@host:path`, `host::module`, `rsync://…`, `scp://…`: a path on another machine. */
export function isRemotePath(value: string): boolean {
  if (/^(rsync|scp|sftp|ftp|s3|gs|https?):\/\//.test(value)) return true;
  if (value.startsWith("/") || value.startsWith(".") || value.startsWith("~")) return false;
  return /^[^/:\s]+:/.test(value);
}
