import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { quote } from "shell-quote";
import {
  sandboxDenialMarker,
  sandboxNotAppliedNote,
  sandboxRequiredRefusal,
} from "../../text/sandbox/sandbox-texts.js";
import { COMMAND_VARIABLE, COMMAND_WRAPPER, wrapCommandText } from "../spawn/command-wrapper.js";
import type { SpawnPlan } from "../spawn/spawn-plan.js";
import { detectSandboxDenials } from "./detect-denials.js";
import { trustContextFor } from "./find-helpers.js";
import { instanceTemp } from "./instance-temp.js";
import { probeWsl, type WslTarget } from "./probe-wsl.js";
import {
  decideSandboxAvailability,
  type SandboxAvailability,
  type SandboxProbe,
} from "./sandbox-availability.js";
import type { LibraryWrap, LibraryWrapRequest } from "./sandbox-library.js";
import {
  resolveSandboxPolicy,
  type SandboxPlatform,
  type SandboxPolicy,
  type SandboxPolicyContext,
  type SandboxSettings,
} from "./sandbox-policy.js";
import { createTemplateCache, type TemplateCache } from "./template-cache.js";
import { applyWrappedArgv, type WslSandboxPaths, wrapWslPlan, wslBubblewrapArguments } from "./wrap-plan.js";

/** The facts about the host, plus (WSL) the policy's paths as the distribution sees them. */
export interface SandboxHostProbe extends SandboxProbe {
  readonly wslPaths?: WslSandboxPaths | undefined;
}

export interface SandboxOptions {
  /** The config's `sandbox` block, its mode already chosen from flag, environment and config. */
  readonly settings: SandboxSettings;
  readonly context: SandboxPolicyContext;
  /** Commands run through WSL: the sandbox then lives inside the distribution. */
  readonly wsl?: WslTarget | undefined;
  /** Seam: what the host has (default: load the library and run its dependency check). */
  readonly probe?: (policy: SandboxPolicy) => Promise<SandboxHostProbe>;
  /** Seam: the library's wrapper (default: `@anthropic-ai/sandbox-runtime`). */
  readonly wrap?: (request: LibraryWrapRequest) => Promise<LibraryWrap>;
}

/** One start, after the sandbox had its say. */
export type EnclosedStart =
  | { readonly kind: "refused"; readonly message: string }
  | {
      readonly kind: "start";
      /** The plan to spawn: the caller's, or the sandbox's wrapper around it. */
      readonly plan: SpawnPlan;
      readonly sandboxed: boolean;
      /** The text a result carries after the output: a denial marker, or that `auto` could not sandbox. */
      trailer(output: string): string;
      /** Call once the process has exited or failed to start. */
      release(): void;
    };

export interface Sandbox {
  readonly policy: SandboxPolicy;
  /** `{ available, mechanism, reason }`, probed once; `off` never probes (nor loads the library). */
  status(): Promise<SandboxAvailability>;
  /** Puts one spawn plan inside the sandbox, or says why it does not run. */
  enclose(plan: SpawnPlan): Promise<EnclosedStart>;
  /** Lets go of the library's session (its proxies stop with the last instance); after the processes ended. */
  close(): Promise<void>;
}

const OFF: SandboxAvailability = { available: false, mechanism: "none", reason: 'sandbox.mode is "off"' };

async function defaultProbe(platform: string, policy: SandboxPolicy, cwd: string): Promise<SandboxHostProbe> {
  const library = await import("./sandbox-library.js");
  try {
    await library.loadSandboxLibrary();
  } catch (error) {
    return { platform, dependencyErrors: [], libraryError: firstLine(error) };
  }
  try {
    return {
      platform,
      dependencyErrors: await library.checkSandboxDependencies(trustContextFor(policy, cwd)),
    };
  } catch (error) {
    return { platform, dependencyErrors: [firstLine(error)] };
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}

/**
 * How old an instance's wrap may grow before a fresh one is made in the background (see
 * template-cache.ts): the library's look at the disk is at most this stale.
 */
const TEMPLATE_MAX_AGE_MS = 5_000;

/**
 * The shell and the text a template carries for a plan: the text the plan hands its shell (a long
 * command's `. 'script'`, not the script), and whether that shell is a POSIX sh. Windows plans,
 * whose library wrap differs per command, have none.
 */
function templatedText(plan: SpawnPlan): { shell: string; text: string; posix: boolean } | undefined {
  switch (plan.delivery) {
    case "argv":
      return { shell: plan.file, text: plan.args.at(-1) ?? "", posix: plan.shell === "sh" };
    case "direct":
      return { shell: "/bin/sh", text: quote([plan.file, ...plan.args]), posix: true };
    case "environment":
      return undefined;
  }
}

/** What the library is asked to run for a plan: the shell and its arguments around the command text. */
function libraryRequest(plan: SpawnPlan, policy: SandboxPolicy): LibraryWrapRequest {
  switch (plan.delivery) {
    case "argv":
      return { command: plan.args.at(-1) ?? "", shell: plan.file, cwd: plan.cwd, policy };
    case "environment":
      // The fixed wrapper script travels; the command text stays in the plan's environment.
      return {
        command: plan.args.at(-1) ?? "",
        shell: plan.file,
        shellArguments: plan.args.slice(0, -1),
        cwd: plan.cwd,
        policy,
      };
    case "direct":
      return { command: quote([plan.file, ...plan.args]), shell: "/bin/sh", cwd: plan.cwd, policy };
  }
}

/**
 * The sandbox of one shellgate instance: its policy, its availability, and the one step every start
 * goes through (foreground, background, managed; CLI and MCP alike), after the gate has admitted it.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  // Linux and macOS: a private temp directory, made on the first enclosed start and removed at close.
  // It is made here, where the sandbox runs, so only when this process runs there too (a Linux
  // policy described on Windows, as tests do, has none).
  const temp =
    options.settings.mode !== "off" &&
    !options.wsl &&
    process.platform !== "win32" &&
    (options.context.platform === "linux" || options.context.platform === "darwin")
      ? instanceTemp(options.context.tempDirectory)
      : undefined;
  const policy = resolveSandboxPolicy(options.settings, {
    ...options.context,
    ...(temp ? { privateTempDirectory: temp.path } : {}),
  });
  const wsl = options.wsl;
  const probe =
    options.probe ??
    (wsl
      ? async (): Promise<SandboxHostProbe> => {
          const found = await probeWsl(wsl, policy);
          return {
            platform: options.context.platform,
            dependencyErrors: [],
            wsl: { bubblewrap: found.bubblewrap, distro: wsl.distro },
            wslPaths: found.paths,
          };
        }
      : () => defaultProbe(options.context.platform, policy, options.context.cwd));
  let letGo: (() => Promise<void>) | undefined;
  const library = async () => {
    const loaded = await import("./sandbox-library.js");
    letGo ??= loaded.holdSandboxSession();
    return loaded;
  };
  const wrapEach =
    options.wrap ??
    (async (request: LibraryWrapRequest) => (await library()).wrapWithSandboxLibrary(request));
  // Linux with the real library: one wrap per shell, reused by every command (template-cache.ts).
  const templates =
    options.wrap === undefined && options.context.platform === "linux"
      ? new Map<string, TemplateCache>()
      : undefined;
  const templated = async (plan: SpawnPlan): Promise<LibraryWrap | undefined> => {
    const carried = templates ? templatedText(plan) : undefined;
    if (!templates || !carried) return undefined;
    const loaded = await library();
    let cache = templates.get(carried.shell);
    if (!cache) {
      const request = { command: COMMAND_WRAPPER, shell: carried.shell, cwd: options.context.cwd, policy };
      cache = createTemplateCache({
        sample: (id) => loaded.sampleSandboxWrap(request, id),
        random: randomBytes,
        maxAgeMs: TEMPLATE_MAX_AGE_MS,
      });
      templates.set(carried.shell, cache);
    }
    const use = await cache.acquire();
    if (!use) return undefined;
    const tracking = loaded.trackSandboxedCommand(use.id, policy);
    return {
      argv: use.argv,
      env: { [COMMAND_VARIABLE]: wrapCommandText(carried.text, carried.posix) },
      violations: tracking.violations,
      release: () => {
        tracking.release();
        use.done();
      },
    };
  };
  const wrap = async (plan: SpawnPlan): Promise<LibraryWrap> =>
    (await templated(plan)) ?? (await wrapEach(libraryRequest(plan, policy)));
  let probed: Promise<{ availability: SandboxAvailability; probe: SandboxHostProbe }> | undefined;
  const facts = () => {
    probed ??= probe(policy).then((found) => {
      const withWsl = wsl ? { ...found, wsl: found.wsl ?? { bubblewrap: false, distro: wsl.distro } } : found;
      return { availability: decideSandboxAvailability(withWsl), probe: withWsl };
    });
    return probed;
  };
  const unchanged = (plan: SpawnPlan, trailer = ""): EnclosedStart => ({
    kind: "start",
    plan,
    sandboxed: false,
    trailer: () => trailer,
    release: () => {},
  });

  return {
    policy,
    async close() {
      for (const cache of templates?.values() ?? []) await cache.close();
      templates?.clear();
      await letGo?.();
      letGo = undefined;
      temp?.remove();
    },
    async status() {
      return policy.mode === "off" ? OFF : (await facts()).availability;
    },
    async enclose(plan) {
      if (policy.mode === "off") return unchanged(plan);
      const { availability, probe: found } = await facts();
      if (!availability.available) {
        return policy.mode === "required"
          ? { kind: "refused", message: sandboxRequiredRefusal(availability) }
          : unchanged(plan, sandboxNotAppliedNote(availability));
      }
      if (plan.shell === "wsl") {
        const paths = found.wslPaths ?? { allowWrite: [], denyDirectories: [], denyFiles: [] };
        const enclosed = wrapWslPlan(plan, wslBubblewrapArguments(paths));
        return {
          kind: "start",
          plan: enclosed,
          sandboxed: true,
          trailer: (output) =>
            sandboxDenialMarker(
              detectSandboxDenials(output, wslDenialPolicy(paths), [], "linux", { networkFromOutput: true }),
              policy,
            ),
          release: () => {},
        };
      }
      let wrapped: LibraryWrap;
      try {
        temp?.ensure();
        wrapped = await wrap(plan);
      } catch (error) {
        const failed: SandboxAvailability = { ...availability, available: false, reason: firstLine(error) };
        return policy.mode === "required"
          ? { kind: "refused", message: sandboxRequiredRefusal(failed) }
          : unchanged(plan, sandboxNotAppliedNote(failed));
      }
      const enclosed = withShellLevel(applyWrappedArgv(plan, wrapped), options.context.platform);
      return {
        kind: "start",
        // A template carries the command in the environment: the plan's variables, then the command.
        plan: wrapped.env?.[COMMAND_VARIABLE]
          ? { ...enclosed, env: { ...plan.env, ...wrapped.env }, delivery: "environment" }
          : enclosed,
        sandboxed: true,
        trailer: (output) =>
          sandboxDenialMarker(
            detectSandboxDenials(output, policy, wrapped.violations(), options.context.platform, {
              cwd: plan.cwd,
              exists: existsSync,
              // Linux with no allowed host runs without the relays (no-network-profile.ts).
              networkFromOutput: options.context.platform === "linux" && policy.allowedDomains.length === 0,
            }),
            policy,
          ),
        release: () => wrapped.release(),
      };
    },
  };
}

/**
 * The library starts the command through `bash -c` lines of its own (bubblewrap's shell, the relay
 * script, the seccomp step), none with `--norc`. When stdin is a socket, as a managed process's Node
 * pipe is, and SHLVL is unset, as under an MCP client's minimal environment, Debian's bash takes
 * itself for an sshd-started shell and reads ~/.bashrc: the user's start-up files would run in the
 * sandbox and their output and denials would mix with the command's. A SHLVL of 1, where none is
 * set, makes each of those shells a nested one, which reads no start-up file.
 */
function withShellLevel(plan: SpawnPlan, platform: SandboxPlatform): SpawnPlan {
  if (platform === "win32") return plan;
  return { ...plan, envDefaults: { ...plan.envDefaults, SHLVL: "1" } };
}

/** The WSL paths in the shape the denial reader takes. */
function wslDenialPolicy(paths: WslSandboxPaths): Pick<SandboxPolicy, "allowWrite" | "denyRead"> {
  return { allowWrite: paths.allowWrite, denyRead: [...paths.denyDirectories, ...paths.denyFiles] };
}
