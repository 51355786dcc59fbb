import type { Parser } from "web-tree-sitter";
import type { Scope } from "../extract/scope.js";
import type { AnalysisResult, Sink } from "./analysis-result.js";
import { ScriptAnalysis } from "./script-analysis.js";
import { secretFlowFindings } from "./secret-flows.js";

export type { AnalysisResult, CommandRecord } from "./analysis-result.js";
export { EXPAND_ALIASES } from "./judge-command.js";
export { MAX_SCRIPT_DEPTH } from "./script-analysis.js";

const MAX_COMMANDS = 200_000;

export interface AnalysisOptions {
  /** Plain scripts skip tree-sitter (default); false parses everything with it, to compare. */
  readonly simpleScripts?: boolean;
}

/** Judges a whole command line: every finding, and every simple command for the allow/deny lists. */
export function analyzeScript(
  parser: Parser,
  text: string,
  scope: Scope,
  options: AnalysisOptions = {},
): AnalysisResult {
  const sink: Sink = {
    findings: [],
    commands: [],
    groups: 0,
    budget: { loops: 64, commands: MAX_COMMANDS, reparsedCharacters: 4_000_000 },
    simpleScripts: options.simpleScripts ?? true,
  };
  new ScriptAnalysis(parser, scope, 0, undefined, sink, undefined).run(text);
  secretFlowFindings(sink);
  return sink;
}
