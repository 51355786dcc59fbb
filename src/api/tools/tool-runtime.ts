import type { ShellgateConfig } from "../../config/schema.js";
import type { DescriptionContext } from "../../text/descriptions/description-context.js";
import type { Admit } from "../admission/instance-admission.js";
import type { ExecutionPort } from "../execution-port.js";
import type { ProcessRegistry } from "../process-registry.js";

/** What the tool bodies share within one instance. */
export interface ToolRuntime {
  readonly config: ShellgateConfig;
  /** The instance's absolute working directory. */
  readonly cwd: string;
  /** The platform commands run on (the resolved shell's), whose path rules a relative workdir follows. */
  readonly platform: NodeJS.Platform;
  readonly descriptionContext: DescriptionContext;
  readonly execution: ExecutionPort;
  /** Undefined when `managed_processes` is off. */
  readonly processes: ProcessRegistry | undefined;
  /** The instance's admission step: gate, then approval. */
  readonly admit: Admit;
}
