import { type ExpandedWord, HOME_PATH, hasUnknown, literalWord } from "../extract/expanded-word.js";
import { type Invocation, writesTarget } from "../extract/invocation.js";
import { resolveIn, virtualPath } from "../extract/paths.js";
import { invocationOutput } from "../extract/static-output.js";
import { languageOf } from "../interpreters/inline-code.js";
import { toolActions } from "../interpreters/tool-commands.js";
import { normaliseCommandName } from "../normalize/command-name.js";
import { withLongOptionsSpelledOut } from "../normalize/long-options.js";
import type { Nested } from "../normalize/nested.js";
import { unwrap } from "../normalize/unwrap.js";
import { unwrapContainer } from "../normalize/unwrap-container.js";
import { unwrapExec } from "../normalize/unwrap-exec.js";
import { unwrapRemote } from "../normalize/unwrap-remote.js";
import { embeddedScripts } from "../reparse/embedded-scripts.js";
import { isPersistenceFile, persistedScripts } from "../reparse/persistence-files.js";
import { scheduledScripts } from "../reparse/scheduled-jobs.js";
import { SHELLS, shellScripts } from "../reparse/shell-script.js";
import { startupScripts } from "../reparse/startup-files.js";
import { COMMAND_VARIABLES, environmentRule } from "../rules/environment.js";
import { RULES } from "../rules/index.js";
import { isHistoryFile } from "../rules/protected-paths.js";
import { historyFileOf, historyWipeHit } from "../rules/user-records.js";
import { commandWriteTargets, judgeWriteTarget } from "../rules/write-targets.js";
import { runnerCommands } from "../runners/runner-sources.js";
import { taskRunnerCommands } from "../runners/task-runners.js";
import { unwrapWindows } from "../windows/unwrap-windows.js";
import { computedCommandNameHit, TOO_MANY_COMMANDS, WRAPPED_TOO_DEEP } from "./analysis-hits.js";
import type { CommandRecord, Sink } from "./analysis-result.js";
import { environmentHook } from "./environment-hooks.js";
import { judgeInlineCode } from "./judge-inline-code.js";
import { KNOWN_COMMAND_NAMES } from "./known-names.js";
import type { ScriptAnalysis } from "./script-analysis.js";

const MAX_UNWRAP_DEPTH = 16;
export const EXPAND_ALIASES = "\uE010expand_aliases";

/**
 * Judges one simple command: its redirects and assignments, then the command itself by name, then
 * every command and script it runs in its turn (`level` counts the unwrapping: `sudo env rm` is 2).
 */
export function judgeCommand(
  analysis: ScriptAnalysis,
  invocation: Invocation,
  level: number,
  pipeline?: CommandRecord["pipeline"],
): void {
  const { sink, scope } = analysis;
  sink.budget.commands -= 1;
  if (sink.budget.commands === 0) analysis.add(TOO_MANY_COMMANDS, invocation);
  if (sink.budget.commands < 0) return;
  if (level > MAX_UNWRAP_DEPTH) {
    analysis.add(WRAPPED_TOO_DEEP, invocation);
    return;
  }
  for (const redirect of invocation.redirects) {
    if (!writesTarget(redirect) || !redirect.target) continue;
    const hit = judgeWriteTarget(
      redirect.target,
      scope,
      `the redirect '${redirect.operator} ${redirect.target.source}'`,
      { append: redirect.operator === ">>" || redirect.operator === "&>>" },
    );
    if (hit) analysis.add(hit, invocation, redirect.span);
    if ((redirect.descriptor ?? 1) === 1 || redirect.operator.startsWith("&")) {
      const resolved = resolveIn(redirect.target.value, scope) ?? virtualPath(redirect.target.value, scope);
      if (isPersistenceFile(resolved)) {
        const text = invocationOutput({ ...invocation, redirects: [] }, scope);
        for (const item of persistedScripts(resolved!, text)) analysis.script(item, invocation);
      }
    }
  }
  for (const assignment of invocation.assignments) {
    const hook = assignment.exported ? environmentHook(assignment, invocation, scope) : undefined;
    const hit = hook?.known ? undefined : environmentRule(assignment);
    if (hit) analysis.add(hit, invocation, assignment.span);
    const truncated = historyTruncation(assignment, invocation, scope);
    if (truncated) analysis.add(truncated, invocation, assignment.span);
    if (!assignment.exported) continue;
    for (const item of hook?.nested ?? []) {
      if (item.kind === "invocation") judgeCommand(analysis, item.invocation, level + 1);
      else analysis.script(item, invocation);
    }
    if (hook?.known) continue;
    const value = assignment.value;
    if (assignment.name.startsWith("BASH_FUNC_")) {
      analysis.script(
        {
          kind: "script",
          text: `__shellgate_function ${value.value}\n__shellgate_function`,
          origin: `the exported function ${assignment.name}`,
        },
        invocation,
      );
    } else if (assignment.name === "BASH_ENV" || assignment.name === "ENV") {
      // A file this command made readable: a process substitution (`BASH_ENV=<(…)`, also inside
      // `env`'s word), a descriptor's here-string, a file written earlier.
      const resolved = value.substitution ? undefined : virtualPath(value.value, scope);
      const text = value.substitution
        ? analysis.walker.statementOutput(value.substitution, undefined)
        : resolved === undefined
          ? undefined
          : scope.files.get(resolved);
      if (text !== undefined) analysis.script({ kind: "script", text, origin: assignment.name }, invocation);
    } else if (
      /^PS[0-4]$/.test(assignment.name) &&
      /\$\(|`/.test(value.value) &&
      startsInteractiveShell(invocation)
    ) {
      // An interactive shell expands its prompts before and after each command, running substitutions.
      analysis.script(
        {
          kind: "script",
          text: `: <<__SHELLGATE_PROMPT__\n${value.value}\n__SHELLGATE_PROMPT__\n`,
          origin: assignment.name,
        },
        invocation,
      );
    } else if (COMMAND_VARIABLES.has(assignment.name) && value.value !== "") {
      analysis.script({ kind: "script", text: value.value, origin: assignment.name }, invocation);
    }
  }
  const [first] = invocation.words;
  if (!first) return;
  sink.commands.push({
    words: invocation.words,
    span: analysis.outerSpan ?? invocation.span,
    ...(pipeline ? { pipeline } : {}),
  });
  analysis.records.set(invocation, sink.commands.length - 1);
  // Non-interactive bash expands aliases only after `shopt -s expand_aliases`.
  if (
    level === 0 &&
    !first.dynamic &&
    scope.aliases.has(first.value) &&
    scope.variables.has(EXPAND_ALIASES)
  ) {
    const rest = invocation.words
      .slice(1)
      .map((word) => word.source)
      .join(" ");
    analysis.script(
      {
        kind: "script",
        text: `${scope.aliases.get(first.value)} ${rest}`,
        origin: `the alias ${first.value}`,
      },
      invocation,
    );
    return;
  }
  // tree-sitter reads `time { …; }` and `coproc { …; }` as words; a `{` or `}` word is not a command.
  if (!first.dynamic && (first.value === "{" || first.value === "}") && first.source === first.value) {
    if (invocation.words.length > 1)
      judgeCommand(analysis, { ...invocation, words: invocation.words.slice(1) }, level + 1);
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
    judgeCommand(analysis, { ...invocation, words: [...split, ...invocation.words.slice(1)] }, level + 1);
    return;
  }
  // `"$BASH"` is the running bash's own path (bash(1): BASH) until the command assigns it: judged as
  // bash, so its `-c` text is read like any other.
  if (/^"?\$(\{BASH\}|BASH)"?$/.test(first.source) && !scope.variables.has("BASH")) {
    const bash = { ...first, value: "bash", pattern: "bash", dynamic: false, source: "bash" };
    judgeCommand(analysis, { ...invocation, words: [bash, ...invocation.words.slice(1)] }, level + 1);
    return;
  }
  const path = invocation.assignments.find((assignment) => assignment.name === "PATH")?.value.value;
  const { name, computed } = normaliseCommandName(
    first,
    scope,
    KNOWN_COMMAND_NAMES,
    path ?? scope.variables.get("PATH"),
  );
  // A computed name whose value is known statically is judged as that value; only a name that
  // stays unknown until run time is blocked for being unknowable.
  if (computed && name === undefined) analysis.add(computedCommandNameHit(first.source), invocation);
  if (name === undefined) {
    judgeCandidates(analysis, invocation, level);
    return;
  }
  judgeNamed(analysis, name, invocation, level);
}

/** A name only known at run time: still block what would be catastrophic if it were `rm` or a shell. */
function judgeCandidates(analysis: ScriptAnalysis, invocation: Invocation, level: number): void {
  const probe: Sink = {
    findings: [],
    commands: [],
    groups: 0,
    budget: analysis.sink.budget,
    simpleScripts: analysis.sink.simpleScripts,
  };
  const probeAnalysis = analysis.withSink(probe);
  for (const candidate of ["rm", "bash", "find"]) {
    const words: ExpandedWord[] = [
      literalWord(candidate, invocation.words[0]!.span, invocation.words[0]!.source),
      ...invocation.words.slice(1),
    ];
    judgeNamed(probeAnalysis, candidate, { ...invocation, words, redirects: [], assignments: [] }, level + 1);
  }
  for (const finding of probe.findings) {
    if (finding.severity !== "catastrophic") continue;
    analysis.sink.findings.push({
      ...finding,
      reason: `the command name is computed at run time, and if it is ${finding.command?.split(" ")[0] ?? "rm"} this ${finding.reason}`,
    });
  }
}

/**
 * Assigning HISTFILESIZE in the shell itself (not as a command's prefix) truncates $HISTFILE to
 * that many lines at once, interactive or not (bash(1)).
 */
function historyTruncation(
  assignment: Invocation["assignments"][number],
  invocation: Invocation,
  scope: ScriptAnalysis["scope"],
) {
  if (assignment.name !== "HISTFILESIZE") return undefined;
  const first = invocation.words[0]?.value;
  if (first !== undefined && !/^(export|declare|typeset|readonly|local)$/.test(first)) return undefined;
  const file = invocation.assignments.find((item) => item.name === "HISTFILE")?.value.value ?? undefined;
  const target = file !== undefined ? resolveIn(file, scope) : historyFileOf(scope);
  return target !== undefined && isHistoryFile(target)
    ? historyWipeHit(`assigning HISTFILESIZE truncates the history file ${target.replace(HOME_PATH, "~")},`)
    : undefined;
}

/** `PS1=… bash -i`: the command is an interactive shell, which expands its prompts. */
function startsInteractiveShell(invocation: Invocation): boolean {
  const [first, ...rest] = invocation.words;
  return (
    first !== undefined &&
    SHELLS.has(first.value.replace(/^.*\//, "")) &&
    rest.some((word) => /^-[a-zA-Z]*i/.test(word.value) || word.value === "--interactive")
  );
}

/** `tee -a` adds to its files instead of replacing them. */
function appendsOnly(name: string, args: readonly ExpandedWord[]): boolean {
  return name === "tee" && args.some((word) => /^-[a-z]*a|^--append$/.test(word.value));
}

function judgeNamed(analysis: ScriptAnalysis, name: string, given: Invocation, level: number): void {
  const { scope, walker } = analysis;
  const invocation = withLongOptionsSpelledOut(name, given);
  if (invocation === "refused") return;
  const input = { name, args: invocation.words.slice(1), invocation, scope };
  const nestedPersisted: Nested[] = [];
  for (const rule of RULES) {
    const hit = rule(input);
    if (hit) analysis.add(hit, invocation);
  }
  for (const target of commandWriteTargets(input)) {
    const hit = judgeWriteTarget(target, scope, `'${name}'`, { append: appendsOnly(name, input.args) });
    if (hit) analysis.add(hit, invocation);
    if (name === "tee") {
      const resolved = resolveIn(target.value, scope) ?? virtualPath(target.value, scope);
      if (isPersistenceFile(resolved))
        nestedPersisted.push(...persistedScripts(resolved!, invocation.stdin?.read()));
    }
  }
  const processOutput = (carrier: Invocation, index: number) => {
    const word = carrier.words[index];
    return word?.substitution ? walker.statementOutput(word.substitution, undefined) : undefined;
  };
  const fileText = (word: ExpandedWord): string | undefined => {
    if (word.substitution) return walker.statementOutput(word.substitution, undefined);
    if (/^(-|\/dev\/stdin|\/dev\/fd\/0)$/.test(word.value)) return invocation.stdin?.read();
    const resolved = virtualPath(word.value, scope);
    return resolved === undefined ? undefined : scope.files.get(resolved);
  };
  const nested: Nested[] = [
    ...nestedPersisted,
    ...unwrap(name, invocation, fileText),
    ...unwrapWindows(name, invocation, scope),
    ...unwrapContainer(name, invocation, scope),
    ...unwrapRemote(name, invocation),
    ...unwrapExec(name, invocation),
  ];
  if (SHELLS.has(name)) nested.push(...shellScripts(name, invocation, scope, processOutput));
  nested.push(...startupScripts(name, invocation, scope), ...scheduledScripts(name, invocation, scope));
  nested.push(...embeddedScripts(name, invocation, scope, processOutput));
  const language = languageOf(name);
  if (language) {
    const code = judgeInlineCode(name, language, invocation, scope, (word) =>
      word.substitution ? walker.statementOutput(word.substitution, undefined) : undefined,
    );
    for (const hit of code.hits) analysis.add(hit, invocation);
    nested.push(...code.nested);
  }
  const tools = toolActions(name, invocation, scope, fileText);
  for (const hit of tools.hits) analysis.add(hit, invocation);
  nested.push(...tools.nested, ...runnerCommands(name, invocation, scope, fileText));
  nested.push(...taskRunnerCommands(name, invocation, scope));
  for (const item of nested) {
    if (item.kind === "invocation") judgeCommand(analysis, item.invocation, level + 1);
    else analysis.script(item, invocation);
  }
}
