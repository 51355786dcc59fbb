import type { Parser } from "web-tree-sitter";
import {
  type ExpandedWord,
  hasUnknown,
  literalWord,
  type Span,
  UNKNOWN,
  UNKNOWN_NONEMPTY,
} from "../extract/expanded-word.js";
import { type Invocation, writesTarget } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { ScriptWalker, type WalkVisitor } from "../extract/walk.js";
import type { Finding, RuleHit } from "../finding.js";
import { inlineCode, languageOf } from "../interpreters/inline-code.js";
import { libraryCalls } from "../interpreters/library-calls.js";
import { processCalls } from "../interpreters/process-calls.js";
import { toolActions } from "../interpreters/tool-commands.js";
import { normaliseCommandName } from "../normalize/command-name.js";
import type { Nested } from "../normalize/nested.js";
import { unwrap } from "../normalize/unwrap.js";
import { findSyntaxError } from "../parse/syntax-error.js";
import { copyTree, type SyntaxNode as Node } from "../parse/syntax-node.js";
import { embeddedScripts } from "../reparse/embedded-scripts.js";
import { SHELLS, shellScripts } from "../reparse/shell-script.js";
import { COMMAND_VARIABLES, environmentRule } from "../rules/environment.js";
import { forkBombInFunction, forkBombInLoop } from "../rules/forkbomb.js";
import { RULES } from "../rules/index.js";
import { commandWriteTargets, judgeWriteTarget } from "../rules/write-targets.js";
import { displayCommand, matchTextOf } from "./display.js";
import { KNOWN_COMMAND_NAMES } from "./known-names.js";

export const MAX_SCRIPT_DEPTH = 8;
const MAX_UNWRAP_DEPTH = 16;
const PLACEHOLDER = "$__shellgate_unknown";
export const EXPAND_ALIASES = "\uE010expand_aliases";

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

interface Sink {
  readonly findings: Finding[];
  readonly commands: CommandRecord[];
  groups: number;
  /** Work left for this check: loop-body walks and simple commands judged. */
  readonly budget: { loops: number; commands: number; reparsedCharacters: number };
}

const MAX_COMMANDS = 200_000;

function cloneScope(scope: Scope): Scope {
  return {
    variables: new Map(scope.variables),
    cwd: scope.cwd,
    files: new Map(scope.files),
    aliases: new Map(scope.aliases),
    hashed: new Map(scope.hashed),
    functions: new Map(scope.functions),
  };
}

const CHUNK = 4096;

/**
 * Hands the text to tree-sitter in chunks: given the whole string, web-tree-sitter re-copies up to
 * 10 KB on every read, which makes big scripts several times slower to parse.
 */
function chunked(text: string): (index: number) => string {
  return (index) => {
    if (index >= text.length) return "";
    let end = index + CHUNK;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end += 1;
    return text.slice(index, end);
  };
}

/** Parses one script and judges every command in it, recursing into the scripts it hands to shells. */
class ScriptAnalysis implements WalkVisitor {
  private readonly walker: ScriptWalker;
  private readonly pipelineGroups = new Map<number, number>();
  private readonly records = new WeakMap<Invocation, number>();

  constructor(
    private readonly parser: Parser,
    private readonly scope: Scope,
    private readonly depth: number,
    /** Set for re-parsed text: findings point at the outer command that carried it. */
    private readonly outerSpan: Span | undefined,
    private readonly sink: Sink,
    private readonly origin: string | undefined,
  ) {
    this.walker = new ScriptWalker(scope, this, sink.budget);
  }

  run(text: string): void {
    const tree = this.parser.parse(chunked(text));
    if (!tree) {
      this.add(
        {
          rule: "parse.error",
          severity: "unanalysable",
          reason: "the command could not be parsed, so it cannot be checked; simplify it.",
        },
        undefined,
        [0, text.length],
      );
      return;
    }
    try {
      const root = tree.rootNode;
      const error = findSyntaxError(root);
      if (error) {
        const where = `line ${error.line}, column ${error.column}: ${error.description}`;
        const subject = this.origin ? `the script given to ${this.origin}` : "the command";
        this.add(
          {
            rule: "parse.error",
            severity: "unanalysable",
            reason: `${subject} is not valid bash (${where}), so it cannot be checked; fix the syntax or split it into simpler commands.`,
          },
          undefined,
          [error.offset, Math.min(text.length, error.offset + 1)],
        );
      }
      this.walker.walk(copyTree(tree, text), undefined, 0);
    } finally {
      tree.delete();
    }
  }

  private add(hit: RuleHit, invocation: Invocation | undefined, span?: Span): void {
    const record = invocation ? this.records.get(invocation) : undefined;
    this.sink.findings.push({
      ...hit,
      ...(record === undefined ? {} : { record }),
      command: invocation && invocation.words.length > 0 ? displayCommand(invocation.words) : undefined,
      matchText: invocation && invocation.words.length > 0 ? matchTextOf(invocation.words) : undefined,
      span: this.outerSpan ?? span ?? invocation?.span ?? [0, 0],
    });
  }

  command(invocation: Invocation, node: Node): void {
    this.judge(invocation, 0, this.pipelinePosition(node));
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
      this.addNode(
        {
          rule: "dynamic.prompt-expansion",
          severity: "dynamic",
          reason:
            "${…@P} runs the command substitutions inside a value only known at run time, so it cannot be checked; print the value without @P.",
        },
        node,
      );
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
    this.addNode(
      {
        rule: "limits.nesting",
        severity: "unanalysable",
        reason:
          "the command nests deeper than the gate follows, so it cannot be checked; flatten it into simpler commands.",
      },
      node,
    );
  }

  private addNode(hit: RuleHit, node: Node): void {
    const text = node.text;
    const command = text.length > 80 ? `${text.slice(0, 77)}...` : text;
    this.sink.findings.push({
      ...hit,
      command,
      matchText: command,
      span: this.outerSpan ?? [node.startIndex, node.endIndex],
    });
  }

  private judge(invocation: Invocation, level: number, pipeline?: CommandRecord["pipeline"]): void {
    this.sink.budget.commands -= 1;
    if (this.sink.budget.commands === 0) {
      this.add(
        {
          rule: "limits.work",
          severity: "unanalysable",
          reason:
            "the command expands into more simple commands than the gate checks, so it cannot be checked; split it into smaller commands.",
        },
        invocation,
      );
    }
    if (this.sink.budget.commands < 0) return;
    if (level > MAX_UNWRAP_DEPTH) {
      this.add(
        {
          rule: "limits.nesting",
          severity: "unanalysable",
          reason:
            "the command wraps other commands more deeply than the gate follows, so it cannot be checked; run the inner command directly.",
        },
        invocation,
      );
      return;
    }
    for (const redirect of invocation.redirects) {
      if (!writesTarget(redirect) || !redirect.target) continue;
      const hit = judgeWriteTarget(
        redirect.target,
        this.scope,
        `the redirect '${redirect.operator} ${redirect.target.source}'`,
      );
      if (hit) this.add(hit, invocation, redirect.span);
    }
    for (const assignment of invocation.assignments) {
      const hit = environmentRule(assignment);
      if (hit) this.add(hit, invocation, assignment.span);
      if (!assignment.exported) continue;
      const value = assignment.value;
      if (assignment.name.startsWith("BASH_FUNC_")) {
        this.script(
          {
            kind: "script",
            text: `__shellgate_function ${value.value}\n__shellgate_function`,
            origin: `the exported function ${assignment.name}`,
          },
          invocation,
        );
      } else if (assignment.name === "BASH_ENV" || assignment.name === "ENV") {
        const text = value.substitution
          ? this.walker.statementOutput(value.substitution, undefined)
          : undefined;
        if (text !== undefined) this.script({ kind: "script", text, origin: assignment.name }, invocation);
      } else if (COMMAND_VARIABLES.has(assignment.name) && value.value !== "") {
        this.script({ kind: "script", text: value.value, origin: assignment.name }, invocation);
      }
    }
    const [first] = invocation.words;
    if (!first) return;
    this.sink.commands.push({
      words: invocation.words,
      span: this.outerSpan ?? invocation.span,
      ...(pipeline ? { pipeline } : {}),
    });
    this.records.set(invocation, this.sink.commands.length - 1);
    // Non-interactive bash expands aliases only after `shopt -s expand_aliases`.
    if (
      level === 0 &&
      !first.dynamic &&
      this.scope.aliases.has(first.value) &&
      this.scope.variables.has(EXPAND_ALIASES)
    ) {
      const rest = invocation.words
        .slice(1)
        .map((word) => word.source)
        .join(" ");
      this.script(
        {
          kind: "script",
          text: `${this.scope.aliases.get(first.value)} ${rest}`,
          origin: `the alias ${first.value}`,
        },
        invocation,
      );
      return;
    }
    // tree-sitter reads `time { …; }` and `coproc { …; }` as words; a `{` or `}` word is not a command.
    if (!first.dynamic && (first.value === "{" || first.value === "}") && first.source === first.value) {
      if (invocation.words.length > 1)
        this.judge({ ...invocation, words: invocation.words.slice(1) }, level + 1);
      return;
    }
    // `"$@"`, `"${a[@]}"` as the command: the known value holds the whole command line.
    if (
      first.dynamic &&
      /\$\{?[@*]|\[[@*]\]/.test(first.source) &&
      !hasUnknown(first.value) &&
      /\s/.test(first.value.trim())
    ) {
      const split = first.value
        .trim()
        .split(/\s+/)
        .map((value) => ({ ...first, value, pattern: value }));
      this.judge({ ...invocation, words: [...split, ...invocation.words.slice(1)] }, level + 1);
      return;
    }
    const { name, computed } = normaliseCommandName(first, this.scope, KNOWN_COMMAND_NAMES);
    // A computed name whose value is known statically is judged as that value; only a name that
    // stays unknown until run time is blocked for being unknowable.
    if (computed && name === undefined) {
      this.add(
        {
          rule: "dynamic.command-name",
          severity: "dynamic",
          reason: `the command name ${first.source} is computed at run time, so what runs cannot be checked; write the command name literally.`,
        },
        invocation,
      );
    }
    if (name === undefined) {
      this.judgeCandidates(invocation, level);
      return;
    }
    this.judgeNamed(name, invocation, level);
  }

  /** A name only known at run time: still block what would be catastrophic if it were `rm` or a shell. */
  private judgeCandidates(invocation: Invocation, level: number): void {
    const probe: Sink = { findings: [], commands: [], groups: 0, budget: this.sink.budget };
    const analysis = new ScriptAnalysis(
      this.parser,
      this.scope,
      this.depth,
      this.outerSpan,
      probe,
      this.origin,
    );
    for (const candidate of ["rm", "bash", "find"]) {
      const words: ExpandedWord[] = [
        literalWord(candidate, invocation.words[0]!.span, invocation.words[0]!.source),
        ...invocation.words.slice(1),
      ];
      analysis.judgeNamed(candidate, { ...invocation, words, redirects: [], assignments: [] }, level + 1);
    }
    for (const finding of probe.findings) {
      if (finding.severity !== "catastrophic") continue;
      this.sink.findings.push({
        ...finding,
        reason: `the command name is computed at run time, and if it is ${finding.command?.split(" ")[0] ?? "rm"} this ${finding.reason}`,
      });
    }
  }

  private judgeNamed(name: string, invocation: Invocation, level: number): void {
    const input = { name, args: invocation.words.slice(1), invocation, scope: this.scope };
    for (const rule of RULES) {
      const hit = rule(input);
      if (hit) this.add(hit, invocation);
    }
    for (const target of commandWriteTargets(input)) {
      const hit = judgeWriteTarget(target, this.scope, `'${name}'`);
      if (hit) this.add(hit, invocation);
    }
    const processOutput = (carrier: Invocation, index: number) => {
      const word = carrier.words[index];
      return word?.substitution ? this.walker.statementOutput(word.substitution, undefined) : undefined;
    };
    const nested: Nested[] = [...unwrap(name, invocation)];
    if (SHELLS.has(name)) nested.push(...shellScripts(name, invocation, this.scope, processOutput));
    nested.push(...embeddedScripts(name, invocation, this.scope, processOutput));
    const language = languageOf(name);
    if (language) {
      for (const { code, origin } of inlineCode(name, language, invocation)) {
        if (code === undefined) {
          this.add(
            {
              rule: "dynamic.pipe-to-interpreter",
              severity: "dynamic",
              reason: `${origin} runs a program that is only known at run time (e.g. downloaded), so it cannot be checked; save it to a file and review it first.`,
            },
            invocation,
          );
          continue;
        }
        for (const hit of libraryCalls(code, origin, this.scope)) this.add(hit, invocation);
        const calls = processCalls(code, language, origin, invocation);
        for (const hit of calls.hits) this.add(hit, invocation);
        nested.push(...calls.nested);
      }
    }
    const fileText = (word: ExpandedWord): string | undefined => {
      if (word.substitution) return this.walker.statementOutput(word.substitution, undefined);
      if (/^(-|\/dev\/stdin|\/dev\/fd\/0)$/.test(word.value)) return invocation.stdin?.read();
      const resolved = virtualPath(word.value, this.scope.cwd);
      return resolved === undefined ? undefined : this.scope.files.get(resolved);
    };
    const tools = toolActions(name, invocation, this.scope, fileText);
    for (const hit of tools.hits) this.add(hit, invocation);
    nested.push(...tools.nested);
    for (const item of nested) {
      if (item.kind === "invocation") this.judge(item.invocation, level + 1);
      else this.script(item, invocation);
    }
  }

  private script(item: Extract<Nested, { kind: "script" }>, carrier: Invocation): void {
    if (item.text === undefined || item.text === UNKNOWN || item.text === UNKNOWN_NONEMPTY) {
      const piped = item.origin.startsWith("input piped");
      this.add(
        {
          rule: piped ? "dynamic.pipe-to-shell" : "dynamic.script",
          severity: "dynamic",
          reason: piped
            ? `${item.origin} is only known at run time (downloaded, decoded or generated), so the commands it runs cannot be checked; save it to a file, review it, and run the reviewed commands directly.`
            : `${item.origin} runs shell text that is only known at run time, so it cannot be checked; write the commands out directly.`,
        },
        carrier,
      );
      return;
    }
    if (this.depth + 1 > MAX_SCRIPT_DEPTH) {
      this.add(
        {
          rule: "limits.nesting",
          severity: "unanalysable",
          reason: `${item.origin} nests shells deeper than the gate follows, so it cannot be checked; run the inner command directly.`,
        },
        carrier,
      );
      return;
    }
    this.sink.budget.reparsedCharacters -= item.text.length;
    if (this.sink.budget.reparsedCharacters < 0) {
      this.add(
        {
          rule: "limits.work",
          severity: "unanalysable",
          reason: `${item.origin} re-parses more text than the gate checks, so it cannot be checked; split it into smaller commands.`,
        },
        carrier,
      );
      return;
    }
    const text = item.text.replaceAll(UNKNOWN, PLACEHOLDER).replaceAll(UNKNOWN_NONEMPTY, PLACEHOLDER);
    const child = new ScriptAnalysis(
      this.parser,
      cloneScope(this.scope),
      this.depth + 1,
      this.outerSpan ?? carrier.span,
      this.sink,
      item.origin,
    );
    child.run(text);
  }
}

/** Judges a whole command line: every finding, and every simple command for the allow/deny lists. */
export function analyzeScript(parser: Parser, text: string, scope: Scope): AnalysisResult {
  const sink: Sink = {
    findings: [],
    commands: [],
    groups: 0,
    budget: { loops: 64, commands: MAX_COMMANDS, reparsedCharacters: 4_000_000 },
  };
  new ScriptAnalysis(parser, scope, 0, undefined, sink, undefined).run(text);
  return sink;
}
