import type { Span } from "./extract/expanded-word.js";

/**
 * How bad a finding is, which decides the profiles that block it: `catastrophic` (destroying `/` or
 * system directories, fork bombs) is blocked up to permissive; `dangerous` and `dynamic` (cannot be
 * inspected) in strict and standard; `unanalysable` (syntax errors, nesting limits) everywhere but
 * unrestricted.
 */
export type Severity = "catastrophic" | "dangerous" | "dynamic" | "unanalysable";

export interface RuleHit {
  readonly rule: string;
  readonly severity: Severity;
  /** One sentence: what was blocked and what to do instead. */
  readonly reason: string;
}

export interface Finding extends RuleHit {
  /** The normalised simple command the rule fired on, as shown to the model. */
  readonly command: string | undefined;
  /** The same command as plain words joined by spaces, what allow patterns are matched against. */
  readonly matchText: string | undefined;
  readonly span: Span;
  /** Index of the command record (in the analysis) the finding belongs to, when it has one. */
  readonly record?: number;
}
