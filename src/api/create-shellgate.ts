import { stat } from "node:fs/promises";
import path from "node:path";
import { currentDirectory, describeShell, type ShellResolution } from "../../platforms/index.js";
import { ConfigError } from "../config/config-error.js";
import { parseConfig } from "../config/parse-config.js";
import type { ShellgateConfig, ShellgateConfigInput } from "../config/schema.js";
import { createConcurrencyCounter } from "../execution/concurrency/concurrency-counter.js";
import type { Executor } from "../execution/executor/executor.js";
import type { Sandbox } from "../execution/sandbox/index.js";
import { persistentSessionRefusal } from "../execution/session/session-mode.js";
import { createProcessManager } from "../managed/process-manager.js";
import { safetyContextFor } from "../safety/context.js";
import type { DescriptionContext } from "../text/descriptions/description-context.js";
import type { ToolDefinition } from "../tools/tool-definition.js";
import { instanceAdmission } from "./admission/instance-admission.js";
import { managedSettingsFromConfig } from "./config-options.js";
import { executionPort } from "./execution-port.js";
import type { ShellgateHost } from "./host.js";
import { instanceGate } from "./parts/instance-gate.js";
import { instanceSandbox } from "./parts/instance-sandbox.js";
import { instanceShell, shellParagraph } from "./parts/instance-shell.js";
import {
  remoteDescriptionOf,
  remoteSandbox,
  targetDirectory,
  targetEnvironment,
} from "./parts/instance-target.js";
import { localExecutor } from "./parts/local-execution.js";
import { openRemoteExecution } from "./parts/remote-execution.js";
import { ProcessRegistry } from "./process-registry.js";
import type { Shellgate, ToolsOptions } from "./shellgate.js";
import { amplifierTool } from "./tools/amplifier-tool.js";
import { dshTools } from "./tools/dsh-tools.js";
import { processTools } from "./tools/process-tools.js";
import type { ToolRuntime } from "./tools/tool-runtime.js";
import { callDirectory, instanceDirectory } from "./working-directory.js";

const MANAGED_WITHOUT_LAUNCHER =
  "config key 'managed_processes': the host's executor offers no `launcher`, so process_* would run on this machine rather than where its commands run; give the executor a launcher or set managed_processes to false";

async function requireDirectory(directory: string): Promise<void> {
  const stats = await stat(directory).catch(() => null);
  if (!stats?.isDirectory()) {
    throw new ConfigError(`config key 'working_dir': ${directory} is not an existing directory`);
  }
}

/**
 * Creates a shellgate: validates the config (a `ConfigError` names any key it did not understand),
 * resolves the shell, loads the safety gate, and sets up the executor and the process registry.
 * Host callbacks (approval, observer, question admission) and seams come in `host`, never in config.
 */
export async function createShellgate(
  config: ShellgateConfigInput | ShellgateConfig = {},
  host: ShellgateHost = {},
): Promise<Shellgate> {
  const { shellgate, loadGate } = await openShellgate(config, host);
  try {
    await loadGate();
  } catch (error) {
    await shellgate.close();
    throw error;
  }
  return shellgate;
}

/** A shellgate whose safety gate may not have loaded yet. */
export interface OpenedShellgate {
  /** Its tools can be listed and described now; nothing may be admitted before `loadGate()` resolves. */
  readonly shellgate: Shellgate;
  /** Loads the gate (once; started already unless `loadGateLater`). */
  loadGate(): Promise<void>;
}

export interface OpenOptions {
  /** Leave the grammar until `loadGate()` is called, so it does not compete with the first answers. */
  readonly loadGateLater?: boolean;
}

/**
 * `createShellgate` without the wait for the bash grammar, for a server that answers its first
 * requests before the grammar has loaded (`shellgate mcp`); every call must first await `loadGate()`.
 */
export async function openShellgate(
  config: ShellgateConfigInput | ShellgateConfig = {},
  host: ShellgateHost = {},
  options: OpenOptions = {},
): Promise<OpenedShellgate> {
  const parsed = parseConfig(config);
  // Refused before anything is loaded or opened: never run process_* here instead of the target.
  if (parsed.managed_processes && host.executor && !host.executor.launcher) {
    throw new ConfigError(MANAGED_WITHOUT_LAUNCHER, ["managed_processes"]);
  }
  // The grammar loads while the shell (or the remote target) is probed; neither needs the other.
  const { gate, load: loadGate } = instanceGate(parsed);
  if (!options.loadGateLater) loadGate().catch(() => undefined);
  const concurrency = createConcurrencyCounter(parsed.max_concurrent);
  // A configured remote executor (docker, ssh, kubernetes) is opened and probed first: its target
  // is the instance's place. A host's own executor wins over the config.
  const configured = host.executor
    ? undefined
    : await openRemoteExecution({
        config: parsed,
        gate,
        concurrency,
        env: host.env ?? process.env,
        ...(host.log ? { log: host.log.bind(host) } : {}),
      });
  const hostExecutor = host.executor ?? configured?.executor;
  try {
    return await assemble(hostExecutor);
  } catch (error) {
    // Nothing may stay open when the instance cannot start: the engine, a container it created.
    await configured?.executor.close().catch(() => undefined);
    throw error;
  }

  async function assemble(hostExecutor: Executor | undefined): Promise<OpenedShellgate> {
    // A remote executor's description is the instance's place: its shell, directory and home.
    const remote = remoteDescriptionOf(hostExecutor);
    const commandEnv = remote
      ? targetEnvironment(remote, configured?.environment)
      : (host.env ?? process.env);
    let cwd: string;
    let shell: ShellResolution;
    let sandbox: Sandbox;
    let paragraph = "";
    if (remote) {
      // A configured executor starts in working_dir already; a host's is given it here.
      cwd = configured ? remote.cwd : targetDirectory(parsed.working_dir, remote);
      shell = remote.resolution;
      sandbox = remoteSandbox(parsed, remote, host.env ?? process.env, host.sandbox);
    } else {
      // An absolute working_dir needs no process cwd (which may have been deleted under the host).
      const absolute = parsed.working_dir !== undefined && path.isAbsolute(parsed.working_dir);
      const hostCwd = host.cwd ?? (absolute ? (parsed.working_dir as string) : currentDirectory(host.env));
      cwd = instanceDirectory(parsed.working_dir, hostCwd);
      await requireDirectory(cwd);
      shell = await instanceShell(parsed, host, hostCwd, cwd);
      ({ sandbox, paragraph } = await instanceSandbox(
        parsed,
        shell,
        cwd,
        host.env ?? process.env,
        host.sandbox,
      ));
    }
    const enclose = sandbox.policy.mode === "off" ? {} : { sandbox };
    if (parsed.session === "persistent") {
      // Refused with one sentence where no resident shell can be kept, never run fresh instead.
      // A configured target's executor refused already when its shell is not bash.
      const refusal = hostExecutor
        ? hostExecutor.sessions
          ? null
          : persistentSessionRefusal({ resolution: shell, executor: "host" })
        : persistentSessionRefusal({ resolution: shell, executor: "local" });
      if (refusal) throw new ConfigError(refusal, ["session"]);
    }
    const execution = executionPort(
      hostExecutor ??
        localExecutor({
          config: parsed,
          shell,
          gate,
          cwd,
          concurrency,
          ...(host.env ? { env: host.env } : {}),
          ...(host.log ? { log: host.log.bind(host) } : {}),
          ...enclose,
        }),
    );
    // Managed processes start where commands run: through a configured target's launcher or the
    // launcher a host's executor offers (with the target's environment, directory and shell),
    // never on this machine instead.
    const managedLauncher = host.executor ? host.executor.launcher : configured?.launcher;
    const processes = parsed.managed_processes
      ? new ProcessRegistry(() =>
          createProcessManager({
            ...managedSettingsFromConfig(parsed),
            check: gate.check,
            concurrency,
            resolution: shell,
            cwd,
            ...(host.observe ? { observe: host.observe } : {}),
            ...(host.admitQuestions ? { admitQuestions: host.admitQuestions } : {}),
            ...(managedLauncher
              ? { launcher: managedLauncher, baseEnvironment: commandEnv, platform: shell.platform }
              : host.env
                ? { baseEnvironment: host.env }
                : {}),
            ...enclose,
          }),
        )
      : undefined;
    const descriptionContext: DescriptionContext = {
      shellParagraph: remote ? describeShell(shell, { remote: true }) : shellParagraph(shell),
      ...(remote?.isolation ? { targetParagraph: remote.isolation } : {}),
      ...(remote?.spill === "host" ? { spillOnHost: true } : {}),
      platform: shell.platform,
      profile: parsed.safety_profile,
      requireApproval: parsed.require_approval,
      timeoutSeconds: parsed.timeout,
      maxOutputBytes: parsed.max_output_bytes,
      managedProcesses: processes !== undefined,
      managedPty: parsed.managed_pty,
      ...(paragraph ? { sandboxParagraph: paragraph } : {}),
      ...(execution.executor.sessions ? { session: { directory: cwd } } : {}),
    };
    let closed = false;
    let closing: Promise<void> | undefined;
    const admit = instanceAdmission({
      policy: {
        check: gate.check,
        requireApproval: parsed.require_approval,
        ...(host.approve ? { approve: host.approve.bind(host) } : {}),
      },
      shell,
      // The environment commands start from: the gate reads $HOME and the known variables from it.
      env: commandEnv,
      isClosed: () => closed,
      ...(host.log ? { log: host.log.bind(host) } : {}),
    });
    const runtime: ToolRuntime = {
      config: parsed,
      cwd,
      platform: shell.platform,
      descriptionContext,
      execution,
      processes,
      admit,
    };

    function tools(options: ToolsOptions = {}): ToolDefinition[] {
      if (options.shape === "amplifier") return [amplifierTool(runtime)];
      return processes ? [...dshTools(runtime), ...processTools(runtime)] : dshTools(runtime);
    }

    const shellgate: Shellgate = {
      config: parsed,
      shell,
      cwd,
      sandbox,
      executor: execution.executor,
      // Judged as a call in that directory would be: the same context the admission step builds.
      check: (command, where = {}) => {
        const place = callDirectory(cwd, where.cwd, shell.platform);
        return gate.check(command, safetyContextFor({ cwd: place, env: commandEnv, shell }));
      },
      admit,
      processes(ownerId) {
        if (!processes)
          throw new Error("managed processes are off; set managed_processes: true in the config");
        return processes.for(ownerId);
      },
      describeShell: () => descriptionContext.shellParagraph,
      tools,
      get closed() {
        return closed;
      },
      close() {
        closed = true;
        // The sandbox's session goes last, once no process it encloses is left.
        // A target's managed processes are ended through its engine, so that goes before the
        // executor lets go of the engine.
        closing ??= (
          managedLauncher
            ? Promise.resolve(processes?.close())
                .catch(() => undefined)
                .then(() => execution.close())
            : Promise.all([execution.close(), processes?.close()])
        ).then(() => sandbox.close());
        return closing;
      },
    };
    return { shellgate, loadGate };
  }
}
