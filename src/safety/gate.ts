import type { Parser } from "web-tree-sitter";
import { analyzeScript } from "./analyze/analyze-script.js";
import { type CompiledLists, decide } from "./decide.js";
import { createScope } from "./extract/scope.js";
import { compilePattern } from "./lists/pattern.js";
import { type SafetyGateOptions, validateOptions } from "./options.js";
import { loadBashParser } from "./parse/load-grammar.js";
import type { SafetyProfile, Verdict } from "./verdict.js";

export interface SafetyGate {
  readonly profile: SafetyProfile;
  /** Judges one command line before it runs. Synchronous, never throws. */
  check(command: string): Verdict;
}

function internalError(profile: SafetyProfile, error: unknown): Verdict {
  const message = error instanceof Error ? error.message : String(error);
  return {
    allowed: profile === "unrestricted",
    profile,
    rule: "internal.error",
    reason: `Blocked: the safety gate failed while checking this command (${message}); simplify the command and try again.`,
  };
}

function checkWith(parser: Parser, profile: SafetyProfile, lists: CompiledLists, command: string): Verdict {
  if (typeof command !== "string") return internalError(profile, new Error("the command is not a string"));
  try {
    return decide(analyzeScript(parser, command, createScope()), profile, lists);
  } catch (error) {
    return internalError(profile, error);
  }
}

/** Creates a gate: loads the bash grammar once, validates the lists (throws SafetyConfigError). */
export async function createSafetyGate(options: SafetyGateOptions = {}): Promise<SafetyGate> {
  const validated = validateOptions(options);
  const lists: CompiledLists = {
    allow: validated.allow.map(compilePattern),
    deny: validated.deny.map(({ pattern, source }) => ({ pattern: compilePattern(pattern), source })),
  };
  const parser = await loadBashParser();
  return {
    profile: validated.profile,
    check: (command) => checkWith(parser, validated.profile, lists, command),
  };
}

/** One-off check; prefer a long-lived gate from createSafetyGate for many commands. */
export async function checkCommand(command: string, options: SafetyGateOptions = {}): Promise<Verdict> {
  return (await createSafetyGate(options)).check(command);
}
