import type { RuleHit } from "../finding.js";

// The findings the analysis raises itself, when it cannot see what a command would do: the input
// does not parse, a limit is reached, or text only exists at run time. Rules raise the rest.

export const PARSE_FAILED: RuleHit = {
  rule: "parse.error",
  severity: "unanalysable",
  reason: "the command could not be parsed, so it cannot be checked; simplify it.",
};

/** `subject` is "the command" or "the script given to …"; `where` is "line L, column C: description". */
export function syntaxErrorHit(subject: string, where: string): RuleHit {
  return {
    rule: "parse.error",
    severity: "unanalysable",
    reason: `${subject} is not valid bash (${where}), so it cannot be checked; fix the syntax or split it into simpler commands.`,
  };
}

/**
 * Text handed to a shell (`bash -c`, `eval`, `watch`, `ssh host …`) that the grammar rejects: the
 * command carrying it is valid bash, and a shell that rejects the text runs none of its erroneous line,
 * so it is not "unparsable" — but it cannot be checked either, which strict and standard block.
 */
export function invalidScriptHit(subject: string, where: string): RuleHit {
  return {
    rule: "dynamic.invalid-script",
    severity: "dynamic",
    reason: `${subject} is not valid shell text (${where}), so what it would run cannot be checked; fix its syntax or run the commands directly.`,
  };
}

export const UNKNOWN_PROMPT_EXPANSION: RuleHit = {
  rule: "dynamic.prompt-expansion",
  severity: "dynamic",
  reason:
    "${…@P} runs the command substitutions inside a value only known at run time, so it cannot be checked; print the value without @P.",
};

export const NESTED_TOO_DEEP: RuleHit = {
  rule: "limits.nesting",
  severity: "unanalysable",
  reason:
    "the command nests deeper than the gate follows, so it cannot be checked; flatten it into simpler commands.",
};

export const TOO_MANY_COMMANDS: RuleHit = {
  rule: "limits.work",
  severity: "unanalysable",
  reason:
    "the command expands into more simple commands than the gate checks, so it cannot be checked; split it into smaller commands.",
};

export const WRAPPED_TOO_DEEP: RuleHit = {
  rule: "limits.nesting",
  severity: "unanalysable",
  reason:
    "the command wraps other commands more deeply than the gate follows, so it cannot be checked; run the inner command directly.",
};

export function computedCommandNameHit(source: string): RuleHit {
  return {
    rule: "dynamic.command-name",
    severity: "dynamic",
    reason: `the command name ${source} is computed at run time, so what runs cannot be checked; write the command name literally.`,
  };
}

export function unknownProgramHit(origin: string): RuleHit {
  return {
    rule: "dynamic.pipe-to-interpreter",
    severity: "dynamic",
    reason: `${origin} runs a program that is only known at run time (e.g. downloaded), so it cannot be checked; save it to a file and review it first.`,
  };
}

export function unknownScriptHit(origin: string): RuleHit {
  const piped = origin.startsWith("input piped");
  return {
    rule: piped ? "dynamic.pipe-to-shell" : "dynamic.script",
    severity: "dynamic",
    reason: piped
      ? `${origin} is only known at run time (downloaded, decoded or generated), so the commands it runs cannot be checked; save it to a file, review it, and run the reviewed commands directly.`
      : `${origin} runs shell text that is only known at run time, so it cannot be checked; write the commands out directly.`,
  };
}

export function shellsTooDeepHit(origin: string): RuleHit {
  return {
    rule: "limits.nesting",
    severity: "unanalysable",
    reason: `${origin} nests shells deeper than the gate follows, so it cannot be checked; run the inner command directly.`,
  };
}

export function reparseBudgetHit(origin: string): RuleHit {
  return {
    rule: "limits.work",
    severity: "unanalysable",
    reason: `${origin} re-parses more text than the gate checks, so it cannot be checked; split it into smaller commands.`,
  };
}

/** `curl … -o x.sh; bash x.sh`: a later part of the command runs a file it wrote with computed content. */
export function writeThenRunHit(origin: string, file: string): RuleHit {
  return {
    rule: "write-then-run",
    severity: "dynamic",
    reason: `this command writes a file that a later command runs; its content is computed: ${origin} runs ${file}, written earlier with content only known at run time (downloaded, decoded or generated), so what it runs cannot be checked; write the file in one command, read it, then run it in another.`,
  };
}
