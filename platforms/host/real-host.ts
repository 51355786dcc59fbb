import { spawn } from "node:child_process";
import { lstat, stat } from "node:fs/promises";
import which from "which";
import { currentDirectory, currentDirectoryIfAny } from "./current-directory.js";
import type { FileFact, HostFacts, ProbeResult } from "./host-facts.js";
import { comparablePath, pathModuleFor } from "./path-keys.js";
import { systemProgramPath } from "./system-programs.js";

const MAX_PROBE_OUTPUT_BYTES = 1024 * 1024;
const REGISTRY_TIMEOUT_MS = 3000;

export interface RealHostOptions {
  /** Defaults to `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** The directory PATH lookups must never return hits from (Windows searches it first). */
  readonly cwd?: string;
}

function environmentReader(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): (name: string) => string | undefined {
  return (name) => {
    const exact = env[name];
    if (exact !== undefined || platform !== "win32") return exact;
    const wanted = name.toLowerCase();
    const key = Object.keys(env).find((candidate) => candidate.toLowerCase() === wanted);
    return key === undefined ? undefined : env[key];
  };
}

async function fileInfo(target: string): Promise<FileFact | null> {
  try {
    const stats = await stat(target);
    if (stats.isFile()) return { type: "file", size: stats.size };
    if (stats.isDirectory()) return { type: "dir", size: 0 };
    return null;
  } catch {
    // App-execution aliases (WindowsApps\bash.exe) make stat fail; lstat still sees a 0-byte entry.
    try {
      const link = await lstat(target);
      return link.isDirectory() ? null : { type: "file", size: link.size };
    } catch {
      return null;
    }
  }
}

/** Runs argv without a shell, keeps at most 1 MiB of stdout, and kills it at the timeout. */
export function runProbe(
  argv: readonly string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): Promise<ProbeResult> {
  const [program, ...rest] = argv;
  if (program === undefined)
    return Promise.resolve({ outcome: "failed", exitCode: null, stdout: new Uint8Array() });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let timedOut = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    // hrtime rather than performance.now(): the global `performance` loads perf_hooks (eleven
    // internal modules Node 20 compiles) in every start that probes a shell.
    const started = process.hrtime.bigint();
    const finish = (result: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6) });
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(program, rest, { stdio: ["ignore", "pipe", "ignore"], windowsHide: true, env });
    } catch {
      // Node throws, rather than emitting "error", for the spawn errors it has no code for (Windows
      // reports UNKNOWN when process creation fails under load): a probe that cannot start has failed.
      finish({ outcome: "failed", exitCode: null, stdout: new Uint8Array() });
      return;
    }
    timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (length >= MAX_PROBE_OUTPUT_BYTES) return;
      chunks.push(chunk.subarray(0, MAX_PROBE_OUTPUT_BYTES - length));
      length += chunk.length;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      const outcome = error.code === "ENOENT" ? "not-found" : "failed";
      finish({ outcome, exitCode: null, stdout: new Uint8Array() });
    });
    child.on("close", (code) => {
      const stdout = new Uint8Array(Buffer.concat(chunks));
      if (timedOut) finish({ outcome: "timed-out", exitCode: null, stdout });
      else finish({ outcome: code === null ? "failed" : "exited", exitCode: code, stdout });
    });
  });
}

/** Parses one value out of `reg.exe query <key> /v <value>` output. */
export function parseRegQueryOutput(text: string, value: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s+(.+?)\s+REG_(?:EXPAND_)?SZ\s+(.*)$/.exec(line);
    if (match && match[1]!.toLowerCase() === value.toLowerCase()) return match[2]!.trim();
  }
  return null;
}

/** The host this process runs on. Every method reads the machine; nothing is cached here. */
export function createRealHost(options: RealHostOptions = {}): HostFacts {
  const platform = process.platform;
  const env = options.env ?? process.env;
  const readEnv = environmentReader(env, platform);
  const cwd = options.cwd ?? currentDirectory();
  const module = pathModuleFor(platform);
  const delimiter = platform === "win32" ? ";" : ":";

  return {
    platform,
    env: readEnv,
    fileInfo,
    async findOnPath(command) {
      // Relative PATH entries (and "", which means ".") would make a lookup depend on the cwd.
      const entries = (readEnv("PATH") ?? "")
        .split(delimiter)
        .map((entry) => entry.replace(/^"(.*)"$/, "$1"))
        .filter((entry) => module.isAbsolute(entry));
      if (entries.length === 0) return [];
      // One lookup per entry by full name: for a bare name `which` on Windows puts process.cwd()
      // first, which throws once the working directory is gone (and searches a folder PATH never named).
      const hits: string[] = [];
      for (const entry of entries) {
        const name = /[\\/]/.test(command) ? command : module.join(entry, command);
        const found = await which(name, {
          all: true,
          nothrow: true,
          pathExt: readEnv("PATHEXT"),
        });
        if (found) hits.push(...found);
        if (name === command) break;
      }
      // `which` on Windows always searches the process's cwd first, which lets a repository plant
      // bash.exe; drop hits there (and in the cwd we were given) unless PATH itself names the folder.
      const onPath = new Set(entries.map((entry) => comparablePath(platform, entry)));
      const forbidden = [cwd, currentDirectoryIfAny()]
        .filter((directory): directory is string => directory !== undefined)
        .map((directory) => comparablePath(platform, directory))
        .filter((key) => !onPath.has(key));
      const kept = hits.filter((hit) => !forbidden.includes(comparablePath(platform, module.dirname(hit))));
      // It also tries each PATHEXT extension upper- and lower-cased: one file, two spellings.
      const unique = new Map<string, string>();
      for (const hit of kept) {
        const key = comparablePath(platform, hit);
        if (!unique.has(key)) unique.set(key, hit);
      }
      return [...unique.values()];
    },
    async readRegistry(key, value) {
      if (platform !== "win32") return null;
      const result = await runProbe(
        [systemProgramPath("reg"), "query", key, "/v", value],
        REGISTRY_TIMEOUT_MS,
        env,
      );
      if (result.exitCode !== 0) return null;
      return parseRegQueryOutput(Buffer.from(result.stdout).toString("utf8"), value);
    },
    runProbe: (argv, timeoutMs) => runProbe(argv, timeoutMs, env),
  };
}
