import type { Parser } from "web-tree-sitter";
import { type Span, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import type { Invocation, Stdin } from "../extract/invocation.js";
import { cloneScope, remoteScope, type Scope } from "../extract/scope.js";
import { ScriptWalker, type WalkVisitor } from "../extract/walk/script-walker.js";
import type { Finding, RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { rewriteGrammarGaps } from "../parse/grammar-gaps.js";
import { parseSimpleScript } from "../parse/simple-script.js";
import { findStrayCaseTerminator, findSyntaxError } from "../parse/syntax-error.js";
import { copyTree, type SyntaxNode as Node } from "../parse/syntax-node.js";
import { forkBombInFunction, forkBombInLoop } from "../rules/forkbomb.js";
import {
  invalidScriptHit,
  NESTED_TOO_DEEP,
  PARSE_FAILED,
  reparseBudgetHit,
  shellsTooDeepHit,
  syntaxErrorHit,
  UNKNOWN_PROMPT_EXPANSION,
  unknownScriptHit,
  writeThenRunHit,
} from "./analysis-hits.js";
import type { CommandRecord, Sink } from "./analysis-result.js";
import { chunked } from "./chunked-input.js";
import { displayCommand, matchTextOf } from "./display.js";
import { judgeCommand } from "./judge-command.js";

export const MAX_SCRIPT_DEPTH = 8;
const PLACEHOLDER = "$__shellgate_unknown";
const MISREAD_DESCRIPTOR = /(^|[\s;&|(])\d+<<</;

/** Parses one script and judges every command in it, recursing into the scripts it hands to shells. */
export class ScriptAnalysis implements WalkVisitor {
  readonly walker: ScriptWalker;
  /** Which command record each judged invocation became, so its findings can point at it. */
  readonly records = new WeakMap<Invocation, number>();
  private readonly pipelineGroups = new Map<number, number>();

  constructor(
    private readonly parser: Parser,
    readonly scope: Scope,
    private readonly depth: number,
    /** Set for re-parsed text: findings point at the outer command that carried it. */
    readonly outerSpan: Span | undefined,
    readonly sink: Sink,
    private readonly origin: string | undefined,
    /** Set when this script runs on another machine: what sends it there (`ssh prod`). */
    private readonly remote?: string,
  ) {
    this.walker = new ScriptWalker(scope, this, sink.budget);
  }

  /** The same script's analysis, reporting into another sink (to probe what a command could do). */
  withSink(sink: Sink): ScriptAnalysis {
    return new ScriptAnalysis(
      this.parser,
      this.scope,
      this.depth,
      this.outerSpan,
      sink,
      this.origin,
      this.remote,
    );
  }

  run(text: string, stdin?: Stdin): void {
    const simple = this.sink.simpleScripts ? parseSimpleScript(text) : undefined;
    if (simple) {
      this.walker.walk(simple, stdin, 0);
      return;
    }
    const tree = this.parser.parse(chunked(text));
    if (!tree) {
      this.add(PARSE_FAILED, undefined, [0, text.length]);
      return;
    }
    try {
      const root = tree.rootNode;
      const error =
        findSyntaxError(root) ??
        (text.includes(";;") || text.includes(";&") ? findStrayCaseTerminator(root) : undefined);
      // The grammar reads `0<<<word` as an argument `0` and a here-string: rewrite it even without an error.
      if (error || MISREAD_DESCRIPTOR.test(text)) {
        const rewritten = rewriteGrammarGaps(text);
        if (rewritten !== undefined && this.parsesCleanly(rewritten)) {
          this.runRewritten(text, rewritten);
          return;
        }
      }
      if (error && this.depth === 0) {
        const where = `line ${error.line}, column ${error.column}: ${error.description}`;
        this.add(syntaxErrorHit("the command", where), undefined, [
          error.offset,
          Math.min(text.length, error.offset + 1),
        ]);
      }
      this.walker.walk(copyTree(tree, text), stdin, 0);
      if (error && this.depth > 0) this.invalidScript(text, error);
    } finally {
      tree.delete();
    }
  }

  /** Text handed to a shell that the grammar rejects (after what it could judge of it). */
  private invalidScript(text: string, error: NonNullable<ReturnType<typeof findSyntaxError>>): void {
    const where = `line ${error.line}, column ${error.column}: ${error.description}`;
    const span: Span = [error.offset, Math.min(text.length, error.offset + 1)];
    // A shell runs the complete lines before the one it rejects: judge them on their own too, in case
    // the grammar's recovery swallowed one.
    const before = text
      .split("\n")
      .slice(0, error.line - 1)
      .join("\n");
    if (before.trim() !== "")
      this.script({ kind: "script", text: before, origin: this.origin ?? "a shell" }, this.carrier(span));
    this.add(invalidScriptHit(`the script given to ${this.origin ?? "a shell"}`, where), undefined, span);
  }

  private carrier(span: Span): Invocation {
    return { words: [], assignments: [], redirects: [], stdin: undefined, span };
  }

  private parsesCleanly(text: string): boolean {
    const tree = this.parser.parse(chunked(text));
    if (!tree) return false;
    try {
      return findSyntaxError(tree.rootNode) === undefined;
    } finally {
      tree.delete();
    }
  }

  /** Judges the rewrite of valid bash the grammar missed; findings point at the whole original when offsets moved. */
  private runRewritten(original: string, rewritten: string): void {
    if (rewritten.length === original.length) {
      const tree = this.parser.parse(chunked(rewritten))!;
      try {
        this.walker.walk(copyTree(tree, rewritten), undefined, 0);
      } finally {
        tree.delete();
      }
      return;
    }
    const span: Span = this.outerSpan ?? [0, original.length];
    new ScriptAnalysis(this.parser, this.scope, this.depth, span, this.sink, this.origin, this.remote).run(
      rewritten,
    );
  }

  add(hit: RuleHit, invocation: Invocation | undefined, span?: Span): void {
    const words = invocation && invocation.words.length > 0 ? invocation.words : undefined;
    // Built field by field (not spread from the hit): one object shape, on the path of every finding.
    const finding: { -readonly [key in keyof Finding]: Finding[key] } = {
      rule: hit.rule,
      severity: hit.severity,
      reason: this.remote ? `${this.remote} runs this on another machine, where ${hit.reason}` : hit.reason,
      command: words && displayCommand(words),
      matchText: words && matchTextOf(words),
      span: this.outerSpan ?? span ?? invocation?.span ?? [0, 0],
    };
    const record = invocation ? this.records.get(invocation) : undefined;
    if (record !== undefined) finding.record = record;
    this.sink.findings.push(finding);
  }

  command(invocation: Invocation, node: Node): void {
    judgeCommand(this, invocation, 0, this.pipelinePosition(node));
  }

  private pipelinePosition(node: Node): CommandRecord["pipeline"] {
    let element = node;
    if (element.parent?.type === "redirected_statement") element = element.parent;
    const pipeline = element.parent;
    if (pipeline?.type !== "pipeline") return undefined;
    let group = this.pipelineGroups.get(pipeline.id);
    if (group === undefined) {
      this.sink.groups += 1;
      group = this.sink.groups;
      this.pipelineGroups.set(pipeline.id, group);
    }
    const index = this.walker.statements(pipeline).findIndex((statement) => statement.id === element.id);
    return { group, index };
  }

  functionDefinition(node: Node): void {
    const hit = forkBombInFunction(node);
    if (hit) this.addNode(hit, node);
  }

  loop(node: Node): void {
    const hit = forkBombInLoop(node);
    if (hit) this.addNode(hit, node);
  }

  promptExpansion(value: string | undefined, node: Node): void {
    if (value === undefined) {
      this.addNode(UNKNOWN_PROMPT_EXPANSION, node);
      return;
    }
    this.script(
      {
        kind: "script",
        text: `: <<__SHELLGATE_PROMPT__\n${value}\n__SHELLGATE_PROMPT__\n`,
        origin: "${…@P}",
      },
      { words: [], assignments: [], redirects: [], stdin: undefined, span: [node.startIndex, node.endIndex] },
    );
  }

  backticks(body: Node): void {
    const carrier: Invocation = {
      words: [],
      assignments: [],
      redirects: [],
      stdin: undefined,
      span: [body.startIndex, body.endIndex],
    };
    for (const match of body.text.matchAll(/(?<!\\)`((?:\\.|[^`\\])*)`/g)) {
      this.script(
        { kind: "script", text: match[1]!.replace(/\\([`$\\])/g, "$1"), origin: "backticks in a heredoc" },
        carrier,
      );
    }
    // tree-sitter leaves `<<-` bodies unparsed: judge the body as the double-quoted text it is.
    if (
      !body.namedChildren.some((child) => child.type === "command_substitution") &&
      body.text.includes("$(")
    ) {
      const quoted = body.text.replace(/`/g, "").replace(/(?<!\\)"/g, '\\"');
      this.script({ kind: "script", text: `: "${quoted}"`, origin: "a heredoc body" }, carrier);
    }
  }

  tooDeep(node: Node): void {
    this.addNode(NESTED_TOO_DEEP, node);
  }

  private addNode(hit: RuleHit, node: Node): void {
    const text = node.text;
    const command = text.length > 80 ? `${text.slice(0, 77)}...` : text;
    this.sink.findings.push({
      ...hit,
      ...(this.remote ? { reason: `${this.remote} runs this on another machine, where ${hit.reason}` } : {}),
      command,
      matchText: command,
      span: this.outerSpan ?? [node.startIndex, node.endIndex],
    });
  }

  /** Parses and judges shell text a command hands to a shell, in a copy of the scope so far. */
  script(item: Extract<Nested, { kind: "script" }>, carrier: Invocation): void {
    if (item.text === undefined || item.text === UNKNOWN || item.text === UNKNOWN_NONEMPTY) {
      this.add(
        item.written === undefined
          ? unknownScriptHit(item.origin)
          : writeThenRunHit(item.origin, item.written),
        carrier,
      );
      return;
    }
    if (this.depth + 1 > MAX_SCRIPT_DEPTH) {
      this.add(shellsTooDeepHit(item.origin), carrier);
      return;
    }
    this.sink.budget.reparsedCharacters -= item.text.length;
    if (this.sink.budget.reparsedCharacters < 0) {
      this.add(reparseBudgetHit(item.origin), carrier);
      return;
    }
    const text = item.text.replaceAll(UNKNOWN, PLACEHOLDER).replaceAll(UNKNOWN_NONEMPTY, PLACEHOLDER);
    const child = new ScriptAnalysis(
      this.parser,
      item.remote ? remoteScope(item.remote.cwd) : cloneScope(this.scope),
      this.depth + 1,
      this.outerSpan ?? carrier.span,
      this.sink,
      item.origin,
      item.remote ? item.origin : this.remote,
    );
    child.run(text, item.stdin);
  }
}
