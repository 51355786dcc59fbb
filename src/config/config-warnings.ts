import { safetyGateOptionsFromConfig, strictListWarnings } from "../safety/options.js";
import type { ShellgateConfig } from "./schema.js";

/** What a loaded config asks for that will not happen (allow lists under strict), one sentence each. */
export function configWarnings(config: ShellgateConfig): string[] {
  const options = safetyGateOptionsFromConfig(config);
  return strictListWarnings(options, options.profile ?? "strict");
}
