import { chooseSandboxMode, type SandboxMode } from "../../execution/sandbox/index.js";
import { UsageError } from "./usage-error.js";

/** `--sandbox` on `run` and `mcp`: checked at the door, so a typo is a usage error (exit 2). */
export function parseSandboxFlag(text: string | undefined): SandboxMode | undefined {
  if (text === undefined) return undefined;
  const choice = chooseSandboxMode({ flag: text, config: "off" });
  if (!choice.ok) throw new UsageError(choice.message);
  return choice.mode;
}
