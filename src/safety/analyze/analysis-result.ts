import type { ExpandedWord, Span } from "../extract/expanded-word.js";
import type { Finding } from "../finding.js";

/** Every simple command met, at every unwrapping level: what allow/deny lists are matched against. */
export interface CommandRecord {
  readonly words: readonly ExpandedWord[];
  readonly span: Span;
  /** For a command written as a pipeline element: which pipeline (unique per analysis) and where in it. */
  readonly pipeline?: { readonly group: number; readonly index: number };
}

export interface AnalysisResult {
  readonly findings: Finding[];
  readonly commands: CommandRecord[];
}

/** Where every script of one check (the command line and the scripts it hands to shells) reports. */
export interface Sink {
  readonly findings: Finding[];
  readonly commands: CommandRecord[];
  groups: number;
  /** Work left for this check: loop-body walks and simple commands judged. */
  readonly budget: { loops: number; commands: number; reparsedCharacters: number };
  /** Build the tree of plain scripts without tree-sitter (off only to compare both ways in tests). */
  readonly simpleScripts: boolean;
}
