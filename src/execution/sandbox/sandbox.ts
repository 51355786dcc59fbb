import { quote } from "shell-quote";
import {
  sandboxDenialMarker,
  sandboxNotAppliedNote,
  sandboxRequiredRefusal,
} from "../../text/sandbox/sandbox-texts.js";
import type { SpawnPlan } from "../spawn/spawn-plan.js";
import { detectSandboxDenials } from "./detect-denials.js";
import { probeWsl, type WslTarget } from "./probe-wsl.js";
import {
  decideSandboxAvailability,
  type SandboxAvailability,
  type SandboxProbe,
} from "./sandbox-availability.js";
import type { LibraryWrap, LibraryWrapRequest } from "./sandbox-library.js";
import {
  resolveSandboxPolicy,
  type SandboxPolicy,
  type SandboxPolicyContext,
  type SandboxSettings,
} from "./sandbox-policy.js";
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
  enclose(plan: SpawnPlan, command: string): Promise<EnclosedStart>;
  /** Lets go of the library's session (its proxies stop with the last instance); after the processes ended. */
  close(): Promise<void>;
}

const OFF: SandboxAvailability = { available: false, mechanism: "none", reason: 'sandbox.mode is "off"' };

async function defaultProbe(platform: string): Promise<SandboxHostProbe> {
  const library = await import("./sandbox-library.js");
  try {
    await library.loadSandboxLibrary();
  } catch (error) {
    return { platform, dependencyErrors: [], libraryError: firstLine(error) };
  }
  try {
    return { platform, dependencyErrors: await library.checkSandboxDependencies() };
  } catch (error) {
    return { platform, dependencyErrors: [firstLine(error)] };
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}

/** What the library is asked to run for a plan: the shell and its arguments around the command text. */
function libraryRequest(plan: SpawnPlan, command: string, policy: SandboxPolicy): LibraryWrapRequest {
  switch (plan.delivery) {
    case "argv":
      return { command, shell: plan.file, cwd: plan.cwd, policy };
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
  const policy = resolveSandboxPolicy(options.settings, options.context);
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
      : () => defaultProbe(options.context.platform));
  let letGo: (() => Promise<void>) | undefined;
  const wrap =
    options.wrap ??
    (async (request: LibraryWrapRequest) => {
      const library = await import("./sandbox-library.js");
      letGo ??= library.holdSandboxSession();
      return library.wrapWithSandboxLibrary(request);
    });
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
      await letGo?.();
      letGo = undefined;
    },
    async status() {
      return policy.mode === "off" ? OFF : (await facts()).availability;
    },
    async enclose(plan, command) {
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
            sandboxDenialMarker(detectSandboxDenials(output, wslDenialPolicy(paths)), policy),
          release: () => {},
        };
      }
      let wrapped: LibraryWrap;
      try {
        wrapped = await wrap(libraryRequest(plan, command, policy));
      } catch (error) {
        const failed: SandboxAvailability = { ...availability, available: false, reason: firstLine(error) };
        return policy.mode === "required"
          ? { kind: "refused", message: sandboxRequiredRefusal(failed) }
          : unchanged(plan, sandboxNotAppliedNote(failed));
      }
      return {
        kind: "start",
        plan: applyWrappedArgv(plan, wrapped),
        sandboxed: true,
        trailer: (output) =>
          sandboxDenialMarker(
            detectSandboxDenials(output, policy, wrapped.violations(), options.context.platform),
            policy,
          ),
        release: () => wrapped.release(),
      };
    },
  };
}

/** The WSL paths in the shape the denial reader takes. */
function wslDenialPolicy(paths: WslSandboxPaths): Pick<SandboxPolicy, "allowWrite" | "denyRead"> {
  return { allowWrite: paths.allowWrite, denyRead: [...paths.denyDirectories, ...paths.denyFiles] };
}
