import type { ShellResolution } from "../../platforms/index.js";
import type { ShellgateConfig } from "../config/schema.js";
import type { Executor } from "../execution/executor/executor.js";
import type { Sandbox } from "../execution/sandbox/index.js";
import type { ProcessManager } from "../managed/process-manager.js";
import type { Verdict } from "../safety/verdict.js";
import type { ToolDefinition } from "../tools/tool-definition.js";
import type { Admission, AdmissionRequest } from "./admission/admit-command.js";

/** Which tool set `tools()` returns. */
export type ToolShape = "dsh" | "amplifier";

export interface ToolsOptions {
  /**
   * `dsh` (default): `bash`, `bash_output`, `bash_kill`, plus `process_*` with managed processes on.
   * `amplifier`: the reference module's single `bash` tool, with its `action` field when managed is on.
   */
  readonly shape?: ToolShape;
}

/** One configured shellgate: the resolved shell, the gate, the task and process registries. */
export interface Shellgate {
  readonly config: ShellgateConfig;
  readonly shell: ShellResolution;
  /** The absolute directory commands run in unless a call names another. */
  readonly cwd: string;
  /** The instance's OS sandbox: its active policy and `status()` (`sandbox.mode: "off"` encloses nothing). */
  readonly sandbox: Sandbox;
  /** The executor seam commands run through (the local one unless the host passed its own). */
  readonly executor: Executor;
  /**
   * The safety gate's verdict for a command line where a call would run it: in `where.cwd`
   * (absolute, or relative to the instance's directory), by default the instance's directory, with
   * the instance's environment and shell — the same verdict the tools' admission gives.
   */
  check(command: string, where?: { readonly cwd?: string }): Verdict;
  /**
   * The admission step every surface uses: one verdict, then approval, then one refusal text.
   * Pass the verdict of an allowed admission on (`verdict` in an exec request or a start context)
   * so the command is not judged twice.
   */
  admit(request: AdmissionRequest): Promise<Admission>;
  /** The managed-process registry of one owner; throws when `managed_processes` is off. */
  processes(ownerId?: string): ProcessManager;
  /** The platform layer's paragraph about the shell (what the `bash` description embeds). */
  describeShell(): string;
  /** Ready tool definitions: hand name, description and inputSchema to the model, call execute. */
  tools(options?: ToolsOptions): ToolDefinition[];
  /** Kills every task and managed process this instance started and waits for each to end. */
  close(): Promise<void>;
  readonly closed: boolean;
}
