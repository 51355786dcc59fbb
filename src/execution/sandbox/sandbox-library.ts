import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstatSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { splitQuotedCommandLine } from "./command-template.js";
import {
  findLinuxHelpers,
  guardedPaths,
  inspectProgram,
  type LinuxHelpers,
  lookupProblem,
  trustContextFor,
} from "./find-helpers.js";
import { gitProtectedPaths } from "./git-protection.js";
import { withoutNetworkRelays } from "./no-network-profile.js";
import { libraryRelays, watchRelays } from "./relay-watchdog.js";
import type { SandboxPolicy } from "./sandbox-policy.js";
import { type TrustContext, untrustedReason } from "./trusted-helpers.js";
import type { WrappedArgv } from "./wrap-plan.js";

/**
 * The only file that knows `@anthropic-ai/sandbox-runtime` (a research preview with a moving API,
 * pinned in package.json). It is imported on first use, never at start-up, so a host without it —
 * or with `sandbox.mode: "off"` — neither loads nor needs it.
 *
 * The library keeps one session per process (its proxies and its violation store), so shellgate
 * starts it once with nothing allowed and gives each command its instance's policy: the filesystem
 * lists as the wrap's own config, the allowed hosts as a network list registered under an
 * unguessable per-command id, which is also the key its violations are stored under.
 */
type Library = typeof import("@anthropic-ai/sandbox-runtime");
type Manager = Library["SandboxManager"];

export interface LibraryWrapRequest {
  readonly command: string;
  /** The shell the library puts behind `-c` (POSIX: the resolved bash; Windows: Git Bash). */
  readonly shell: string;
  /** Windows: the arguments before the command (`--noprofile --norc -c`). */
  readonly shellArguments?: readonly string[] | undefined;
  readonly cwd: string;
  readonly policy: SandboxPolicy;
}

export interface LibraryWrap extends WrappedArgv {
  /** The violation lines recorded for this command so far (proxy denials, seccomp, Seatbelt). */
  violations(): string[];
  /** Drops the command's network list; call once it has exited or failed to start. */
  release(): void;
}

let loading: Promise<Library> | undefined;
let loaded: Library | undefined;

function importLibrary(): Promise<Library> {
  loading ??= import("@anthropic-ai/sandbox-runtime").then((library) => {
    loaded = library;
    return library;
  });
  return loading;
}

/** The manager once the library is loaded (every caller has waited for a session by then). */
function loadedManager(): Manager {
  if (!loaded) throw new Error("the sandbox library is not loaded yet");
  return loaded.SandboxManager;
}

/**
 * Imports the library once; a rejection names why (not installed, or it failed to load). It
 * resolves to nothing, so no published declaration names the optional package's types (a
 * consumer without it, type-checking with skipLibCheck: false, would fail).
 */
export async function loadSandboxLibrary(): Promise<void> {
  await importLibrary();
}

/** The helpers of this process's session, resolved once (the library's session is per process). */
let helpers: LinuxHelpers | undefined;

/**
 * The Linux helpers by the real paths the host may run, resolved on first use and then kept; an
 * error naming why when there is no such copy of one, or when a kept one lies where this trust
 * context's sandbox can write (another instance's roots may differ).
 */
function linuxHelpers(trust: TrustContext): { helpers: LinuxHelpers } | { errors: string[] } {
  const lookup = findLinuxHelpers(process.env.PATH, trust);
  const errors: string[] = [];
  if (helpers) {
    for (const kept of Object.values(helpers)) {
      const facts = inspectProgram(kept);
      const reason = facts ? untrustedReason(facts, trust) : `${kept} is no longer there`;
      if (reason) errors.push(`the sandbox's helper cannot be run: ${reason}`);
    }
  } else {
    for (const choice of Object.values(lookup.choices)) if (!choice.ok) errors.push(choice.reason);
  }
  if (lookup.lookupProblem) errors.push(lookup.lookupProblem);
  if (errors.length > 0) return { errors };
  const { bwrap, socat, rg } = lookup.choices;
  if (!helpers && bwrap.ok && socat.ok && rg.ok)
    helpers = { bwrap: bwrap.path, socat: socat.path, rg: rg.path };
  return helpers ? { helpers } : { errors: ["the sandbox's helpers could not be resolved"] };
}

/**
 * The dependency check (bubblewrap, socat, ripgrep; the Windows install). On Linux every helper is
 * first resolved to a copy the host may run, and only that copy is asked (never a name on PATH).
 */
export async function checkSandboxDependencies(trust: TrustContext): Promise<string[]> {
  const { SandboxManager } = await importLibrary();
  if (!SandboxManager.isSupportedPlatform()) return ["this platform is not supported by the sandbox library"];
  if (process.platform !== "linux") return [...(await SandboxManager.checkDependenciesAsync()).errors];
  const found = linuxHelpers(trust);
  if ("errors" in found) return found.errors;
  const linux = await import("@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js");
  const check = linux.checkLinuxDependencies({
    bwrapPath: found.helpers.bwrap,
    socatPath: found.helpers.socat,
  });
  const errors = [...check.errors];
  if (errors.length === 0) {
    const smoke = bubblewrapSmokeTest(found.helpers.bwrap);
    if (smoke) errors.push(smoke);
  }
  return errors;
}

/**
 * Installed is not enough on Linux: a host that forbids unprivileged user namespaces (Ubuntu
 * 24.04's AppArmor default, some containers) has bubblewrap and cannot use it. One `true` says.
 */
function bubblewrapSmokeTest(bwrap: string): string | undefined {
  const args = ["--ro-bind", "/", "/", "--unshare-user", "--unshare-net", "--dev", "/dev", "true"];
  const result = spawnSync(bwrap, args, { encoding: "utf8", timeout: 10_000 });
  if (result.status === 0) return undefined;
  const why = (result.stderr ?? "").trim().split("\n")[0] || (result.error?.message ?? "it failed");
  return `bubblewrap cannot create its namespaces here (${why})`;
}

let session: { readonly started: Promise<Manager>; readonly windowsPolicy?: string } | undefined;
/** Stops the watchdog that ends the library's relays if this process dies (relay-watchdog.ts). */
let stopWatchdog: (() => void) | undefined;
/** Instances that use the session; the last to let go stops it, so no proxy keeps the process alive. */
let holders = 0;

/** Marks one instance as using the session; the returned function lets go (once). */
export function holdSandboxSession(): () => Promise<void> {
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !session) return;
    const ending = session.started;
    session = undefined;
    const manager = await ending.catch(() => undefined);
    stopWatchdog?.();
    stopWatchdog = undefined;
    await manager?.reset();
  };
}

/** The library's shared TMPDIR, which it always binds writable when it exists. */
const LIBRARY_TEMP = "/tmp/claude";

/** Whether another user made the library's shared TMPDIR: then it is mounted read-only, never shared. */
function foreignLibraryTemp(): string[] {
  try {
    return lstatSync(LIBRARY_TEMP).uid === process.getuid?.() ? [] : [LIBRARY_TEMP];
  } catch {
    return [];
  }
}

function filesystemOf(policy: SandboxPolicy, denyWrite: readonly string[] = []) {
  return { allowWrite: [...policy.allowWrite], denyRead: [...policy.denyRead], denyWrite: [...denyWrite] };
}

/**
 * What a command of this policy may not write although it lies inside `allow_write`: the names the
 * library runs by name on PATH, a foreign `/tmp/claude`, and the git files the host runs later.
 */
async function writeDenies(policy: SandboxPolicy, trust: TrustContext): Promise<string[]> {
  const roots = policy.allowWrite.filter((root) => root !== policy.tempDirectory);
  const git = await gitProtectedPaths({
    writableRoots: roots,
    home: os.homedir(),
    xdgConfigHome: process.env.XDG_CONFIG_HOME,
  });
  return [...new Set([...guardedPaths(process.env.PATH, trust), ...foreignLibraryTemp(), ...git])];
}

/**
 * Starts the library's session. Windows applies the filesystem lists when the session starts (its
 * ACL grants), not per command, so there the first policy is the process's; a second, different one
 * is refused rather than silently enforced as the first.
 */
async function startSession(policy: SandboxPolicy, trust: TrustContext): Promise<Manager> {
  const windows = process.platform === "win32";
  const key = JSON.stringify(filesystemOf(policy));
  if (session) {
    if (windows && session.windowsPolicy !== key) {
      throw new Error("another sandbox policy already holds this process's Windows sandbox session");
    }
    return session.started;
  }
  const started = (async () => {
    const { SandboxManager } = await importLibrary();
    let programs = {};
    if (process.platform === "linux") {
      const found = linuxHelpers(trust);
      if ("errors" in found) throw new Error(found.errors.join("; "));
      const { bwrap, socat, rg } = found.helpers;
      programs = { bwrapPath: bwrap, socatPath: socat, ripgrep: { command: rg } };
    }
    await SandboxManager.initialize(
      {
        network: { allowedDomains: [], deniedDomains: [] },
        filesystem: windows ? filesystemOf(policy) : { allowWrite: [], denyRead: [], denyWrite: [] },
        ...programs,
      },
      undefined,
      process.platform === "darwin",
    );
    if (process.platform === "linux") stopWatchdog = watchRelays(libraryRelays());
    return SandboxManager;
  })();
  session = { started, ...(windows ? { windowsPolicy: key } : {}) };
  started.catch(() => {
    session = undefined;
  });
  return started;
}

/** Wraps one command in the sandbox: the argv to spawn, its violations, and the release of its id. */
export async function wrapWithSandboxLibrary(request: LibraryWrapRequest): Promise<LibraryWrap> {
  // 128 random bits, as the library requires of an id a network list is registered under.
  const commandId = randomBytes(16).toString("base64url");
  const sample = await sampleSandboxWrap(request, commandId);
  const tracking = trackSandboxedCommand(commandId, request.policy);
  return {
    argv: sample.argv,
    ...(sample.env ? { env: sample.env } : {}),
    violations: tracking.violations,
    release: () => {
      tracking.release();
      sample.retire();
    },
  };
}

export interface LibrarySample extends WrappedArgv {
  /** Gives the wrap's mount points back (the library removes them once no wrap holds them). */
  retire(): void;
}

/**
 * One wrap of `request.command` under `commandId`, nothing registered for it. On Linux the
 * library's `bash -c "bwrap …"` line is split into bwrap's own argv when it can be split exactly,
 * so no shell starts only to start bubblewrap (and none reads a start-up file on the way).
 */
export async function sampleSandboxWrap(
  request: LibraryWrapRequest,
  commandId: string,
): Promise<LibrarySample> {
  const trust = trustContextFor(request.policy, request.cwd);
  const manager = await startSession(request.policy, trust);
  const windows = process.platform === "win32";
  // The library runs `which` by name for this wrap: refused when the first on PATH was planted.
  const problem = windows ? undefined : lookupProblem(process.env.PATH, trust);
  if (problem) throw new Error(problem);
  const shell = windows
    ? { exe: request.shell, args: [...(request.shellArguments ?? ["-c"])] }
    : request.shell;
  const wrapped = await manager.wrapWithSandboxArgv(
    request.command,
    shell,
    windows
      ? undefined
      : { filesystem: filesystemOf(request.policy, await writeDenies(request.policy, trust)) },
    undefined,
    request.cwd,
    { commandId, commandText: request.command },
  );
  const env = windows ? addedEntries(wrapped.env) : undefined;
  let retired = false;
  const split = process.platform === "linux" ? bubblewrapArgv(wrapped.argv) : wrapped.argv;
  // No host allowed: no relays to start and wait for (no-network-profile.ts).
  const linuxArgv =
    process.platform === "linux" && request.policy.allowedDomains.length === 0
      ? (withoutNetworkRelays(split) ?? split)
      : split;
  return {
    argv: request.policy.tempDirectory
      ? withTempDirectory(linuxArgv, request.policy.tempDirectory)
      : linuxArgv,
    ...(env ? { env } : {}),
    retire: () => {
      if (retired) return;
      retired = true;
      manager.cleanupAfterCommand();
    },
  };
}

/**
 * bubblewrap's argv with TMPDIR set to the instance's private temp directory instead of the
 * library's shared `/tmp/claude` (which does not exist, and which another local user could make).
 * Unchanged when the argv is not bubblewrap's own (the library's line could not be split).
 */
export function withTempDirectory(argv: readonly string[], directory: string): readonly string[] {
  if (path.basename(argv[0] ?? "") !== "bwrap") return argv;
  const end = argv.indexOf("--");
  const at = argv.findIndex((word, index) => word === "--setenv" && argv[index + 1] === "TMPDIR");
  if (at >= 0 && (end < 0 || at < end))
    return argv.map((word, index) => (index === at + 2 ? directory : word));
  return [argv[0] as string, "--setenv", "TMPDIR", directory, ...argv.slice(1)];
}

/** `[shell, "-c", "bwrap …"]` as bwrap's argv, or unchanged when the line is not plainly that. */
function bubblewrapArgv(argv: readonly string[]): readonly string[] {
  const [, flag, line, ...rest] = argv;
  if (flag !== "-c" || line === undefined || rest.length > 0) return argv;
  const words = splitQuotedCommandLine(line);
  const program = words?.[0];
  if (!words || program === undefined || program.includes("=")) return argv;
  return words;
}

export interface CommandTracking {
  /** The violation lines recorded for this command so far (proxy denials, seccomp, Seatbelt). */
  violations(): string[];
  /** Drops the command's network list; once it has exited or failed to start. */
  release(): void;
}

/** Registers the command's network list under its id, and reads its violations back. */
export function trackSandboxedCommand(commandId: string, policy: SandboxPolicy): CommandTracking {
  const manager = loadedManager();
  if (policy.allowedDomains.length > 0) {
    manager.registerCommandNetworkLists(commandId, { allowedDomains: [...policy.allowedDomains] });
  }
  return {
    violations: () =>
      manager
        .getSandboxViolationStore()
        .getViolationsForCommand(commandId)
        .map((violation) => violation.line),
    release: () => manager.unregisterCommandNetworkLists(commandId),
  };
}

/** Only what the library added: the command's environment is shellgate's (scrubbed), not this process's. */
function addedEntries(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && process.env[name] !== value) result[name] = value;
  }
  return result;
}
