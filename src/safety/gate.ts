import type { Parser } from "web-tree-sitter";
import { analyzeScript } from "./analyze/analyze-script.js";
import { contextKey, type SafetyContext } from "./context.js";
import { type CompiledLists, decide } from "./decide.js";
import { scopeForContext } from "./extract/context-scope.js";
import { HOME_PATH } from "./extract/expanded-word.js";
import { cloneScope, createScope, type Scope } from "./extract/scope.js";
import { compilePattern } from "./lists/pattern.js";
import { type SafetyGateOptions, strictListWarnings, validateOptions } from "./options.js";
import { loadBashParser } from "./parse/load-grammar.js";
import type { SafetyProfile, Verdict } from "./verdict.js";
import { BoundedCache, VerdictCache } from "./verdict-cache.js";

export interface SafetyGate {
  readonly profile: SafetyProfile;
  /**
   * Judges one command line before it runs, where it will run (relative paths, `~`, `$HOME` and
   * drive paths resolve against the context). Without a `cwd` the directory is unknown, and unknown
   * is read strictly: the command is judged as if it started in `/` and as if it started in the
   * home, and the stricter verdict stands. Synchronous, never throws.
   */
  check(command: string, context?: SafetyContext): Verdict;
  /** Configuration the gate accepted but will not use (lists given with strict), one sentence each. */
  readonly warnings: readonly string[];
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

/**
 * Where checks start, resolved once per distinct context (its environment can hold hundreds of
 * variables) and copied for each check, which changes its own copy as the script runs.
 */
class StartingScopes {
  private readonly resolved = new BoundedCache<Scope>(64);

  constructor(private readonly keyOf: (context: SafetyContext) => string) {}

  for(context: SafetyContext | undefined): Scope {
    if (context === undefined) return createScope();
    const key = this.keyOf(context);
    let scope = this.resolved.get(key);
    if (scope === undefined) {
      scope = scopeForContext(context);
      this.resolved.set(key, scope);
    }
    return cloneScope(scope);
  }
}

function checkWith(
  parser: Parser,
  profile: SafetyProfile,
  lists: CompiledLists,
  scopes: StartingScopes,
  command: string,
  context?: SafetyContext,
): Verdict {
  if (typeof command !== "string") return internalError(profile, new Error("the command is not a string"));
  try {
    return decide(analyzeScript(parser, command, scopes.for(context)), profile, lists);
  } catch (error) {
    return internalError(profile, error);
  }
}

/** The places an unknown working directory is read as: `/` first, then the home. */
const UNKNOWN_CWD_READINGS = ["/", HOME_PATH] as const;

/**
 * The context with its unknown cwd read as each of UNKNOWN_CWD_READINGS, made once per context
 * object (the gate's scope cache is keyed by context, so the readings must be stable objects too).
 */
class UnknownCwdReadings {
  private readonly byContext = new WeakMap<SafetyContext, readonly SafetyContext[]>();
  private readonly withoutContext = UNKNOWN_CWD_READINGS.map((cwd) => ({ cwd }));

  for(context: SafetyContext | undefined): readonly SafetyContext[] {
    if (context === undefined) return this.withoutContext;
    let readings = this.byContext.get(context);
    if (readings === undefined) {
      readings = UNKNOWN_CWD_READINGS.map((cwd) => ({ ...context, cwd }));
      this.byContext.set(context, readings);
    }
    return readings;
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
  const cache = new VerdictCache();
  const keys = new WeakMap<SafetyContext, string>();
  const contextKeyOf = (context: SafetyContext): string => {
    let key = keys.get(context);
    if (key === undefined) {
      key = contextKey(context);
      keys.set(context, key);
    }
    return key;
  };
  const scopes = new StartingScopes(contextKeyOf);
  // Verdicts per context, the context object found by identity first: a repeated command then costs
  // two map lookups, with no key built from the command and the context.
  const contextCaches = new BoundedCache<VerdictCache>(16);
  const cachesByObject = new WeakMap<SafetyContext, VerdictCache>();
  const cacheFor = (context: SafetyContext): VerdictCache => {
    let verdicts = cachesByObject.get(context);
    if (verdicts === undefined) {
      const key = contextKeyOf(context);
      verdicts = contextCaches.get(key);
      if (verdicts === undefined) {
        verdicts = new VerdictCache(1024);
        contextCaches.set(key, verdicts);
      }
      cachesByObject.set(context, verdicts);
    }
    return verdicts;
  };
  const readings = new UnknownCwdReadings();
  const judgeIn = (command: string, context: SafetyContext) =>
    checkWith(parser, validated.profile, lists, scopes, command, context);
  const run = (command: string, context: SafetyContext | undefined): Verdict => {
    if (context?.cwd !== undefined) return judgeIn(command, context);
    // Unknown cwd: the first reading that blocks decides (a relative delete could be the root's
    // or the home's); when none does, every reading allowed the command alike.
    let verdict: Verdict | undefined;
    for (const reading of readings.for(context)) {
      verdict = judgeIn(command, reading);
      if (!verdict.allowed) return verdict;
    }
    return verdict as Verdict;
  };
  return {
    profile: validated.profile,
    warnings: strictListWarnings(options, validated.profile),
    check(command, context) {
      if (typeof command !== "string" || options.cacheVerdicts === false) return run(command, context);
      const verdicts = context === undefined ? cache : cacheFor(context);
      const known = verdicts.get(command);
      if (known) return known;
      const verdict = run(command, context);
      verdicts.set(command, verdict);
      return verdict;
    },
  };
}

/** One-off check; prefer a long-lived gate from createSafetyGate for many commands. */
export async function checkCommand(command: string, options: SafetyGateOptions = {}): Promise<Verdict> {
  return (await createSafetyGate(options)).check(command);
}
