import { TARGET_GAPS } from "../../text/executors/target-texts.js";
import type { TargetFacts } from "./target-facts.js";

/** What the probe found missing in a target and what that changes (for `doctor`). Pure. */
export function targetGaps(facts: TargetFacts, extra: { readonly init?: boolean } = {}): string[] {
  const gaps: string[] = [];
  if (facts.shell?.kind === "sh") gaps.push(TARGET_GAPS.noBash(facts.shell.version ?? facts.shell.path));
  if (!facts.proc) gaps.push(TARGET_GAPS.noProc);
  if (facts.envProgram === undefined) gaps.push(TARGET_GAPS.noEnvProgram);
  if (facts.temporaryDirectory === undefined) gaps.push(TARGET_GAPS.noTemporaryDirectory);
  if (extra.init === false) gaps.push(TARGET_GAPS.noInit);
  const login = facts.loginShell?.split("/").pop();
  if (login === "csh" || login === "tcsh") gaps.push(TARGET_GAPS.loginShell(facts.loginShell as string));
  return gaps;
}
