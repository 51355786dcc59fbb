import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Ties the library's network relays to this process's life (Linux). The library starts socat on
 * the host with nothing that ends it when this process dies, so a SIGKILLed shellgate left them
 * listening. bubblewrap needs nothing: `--die-with-parent` ends it and its tree with us.
 *
 * A tiny shell waits on a pipe only this process holds open; the kernel closes it whatever way
 * this process ends, and the shell then stops the relays and removes their sockets. A normal end
 * stops the watchdog first (the library stops its relays itself).
 */

/** The socat relays this process started for the library: their pids and socket paths. */
export function libraryRelays(parent = process.pid): { pids: number[]; sockets: string[] } {
  const pids: number[] = [];
  const sockets: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return { pids, sockets };
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The fields after the command name, which sits in parentheses and may hold anything.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== parent) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      const listen = argv.find((word) =>
        /^UNIX-LISTEN:.*\/claude-(?:http|socks)-[0-9a-f]+\.sock,/.test(word),
      );
      if (!listen || !/socat$/.test(argv[0] ?? "")) continue;
      pids.push(Number(name));
      sockets.push(listen.slice("UNIX-LISTEN:".length, listen.indexOf(",")));
    } catch {
      // Gone meanwhile.
    }
  }
  return { pids, sockets };
}

/** Starts the watchdog for these relays; returns the function that stops it (a normal end). */
export function watchRelays(relays: { pids: readonly number[]; sockets: readonly string[] }): () => void {
  if (relays.pids.length === 0) return () => {};
  const script = 'read -r _; for p in $PIDS; do kill -TERM "$p" 2>/dev/null; done; rm -f -- "$@"';
  let watchdog: ChildProcess | undefined;
  try {
    watchdog = spawn("/bin/sh", ["-c", script, "sh", ...relays.sockets], {
      stdio: ["pipe", "ignore", "ignore"],
      env: { PIDS: relays.pids.join(" "), PATH: "/usr/bin:/bin" },
      detached: true,
    });
  } catch {
    return () => {};
  }
  watchdog.on("error", () => undefined);
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return () => {
    watchdog?.kill("SIGKILL");
    watchdog = undefined;
  };
}
