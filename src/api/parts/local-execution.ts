import type { ShellResolution } from "../../../platforms/index.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { ConcurrencyCounter } from "../../execution/concurrency/concurrency-counter.js";
import type { Executor } from "../../execution/executor/executor.js";
import { createLocalExecutor } from "../../execution/executor/local-executor.js";
import type { Sandbox } from "../../execution/sandbox/index.js";
import { executorLimitsFromConfig, listenerErrorToLog, runOptionsFromConfig } from "../config-options.js";
import type { InstanceGate } from "./instance-gate.js";

export interface LocalExecutionOptions {
  readonly config: ShellgateConfig;
  readonly shell: ShellResolution;
  readonly gate: InstanceGate;
  readonly cwd: string;
  /** Shared with the process managers, so `max_concurrent` is one number. */
  readonly concurrency: ConcurrencyCounter;
  readonly env?: NodeJS.ProcessEnv;
  readonly log?: (line: string) => void;
  /** The instance's OS sandbox. */
  readonly sandbox?: Sandbox;
}

/** The execution layer's local executor, configured for this instance. */
export function localExecutor(options: LocalExecutionOptions): Executor {
  const { config } = options;
  return createLocalExecutor({
    ...runOptionsFromConfig(config),
    resolution: options.shell,
    cwd: options.cwd,
    check: options.gate.check,
    concurrency: options.concurrency,
    ...executorLimitsFromConfig(config),
    ...(options.env ? { env: options.env } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    onListenerError: listenerErrorToLog(options.log),
  });
}
