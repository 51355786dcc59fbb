import type { RuleHit } from "../finding.js";
import type { Rule } from "./rule.js";

/** `enable -f lib.so name` loads a builtin from a shared library: machine code the gate cannot read. */
export const loadableBuiltinRule: Rule = (input): RuleHit | undefined => {
  if (input.name !== "enable") return undefined;
  const loads = input.args.some((word) => /^-[a-zA-Z]*f/.test(word.value));
  if (!loads) return undefined;
  return {
    rule: "dynamic.loadable-builtin",
    severity: "dynamic",
    reason:
      "'enable -f' loads a builtin from a shared library, code the gate cannot see, so it is treated like eval of unknown text; use the builtins bash already has.",
  };
};
