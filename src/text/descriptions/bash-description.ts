import type { DescriptionContext } from "./description-context.js";
import { shellParagraph } from "./description-context.js";
import { profileLine } from "./profile-line.js";

const RESULT_PARAGRAPH =
  "Result: stdout, then a [stderr] section, then markers: [exit code: N] for a non-zero exit (a result, not an error), [timed out after Nms], [killed by signal: X], [output truncated; full output: PATH].";

function limitsParagraph(context: DescriptionContext, timeoutField: string): string {
  const full = context.spillOnHost
    ? "the full stream is kept in a file on the machine shellgate runs on, which these tools cannot open"
    : "the full stream is in a file named in the result";
  return `Limits: a foreground command and its whole process tree are stopped after ${context.timeoutSeconds} s unless ${timeoutField} says otherwise (at most 3600 s). Each output stream keeps ${context.maxOutputBytes} bytes (head and tail); ${full}.`;
}

const SECRETS_SENTENCE =
  "Secrets (*_TOKEN, *_SECRET, *_PASSWORD, *_API_KEY, URLs with a password) are removed from the env; to pass one on purpose, set it inline: NAME=value cmd.";

function sandboxLines(context: DescriptionContext): string[] {
  return [context.targetParagraph, context.sandboxParagraph].filter(
    (paragraph): paragraph is string => paragraph !== undefined && paragraph !== "",
  );
}

const FRESH_SHELL =
  "Every call starts a fresh, non-interactive shell with stdin closed: no cd, variables or functions persist between calls";

/** The one sentence of `session: persistent`, naming where the shell starts. */
export function persistentShellSentence(directory: string, workdir: boolean): string {
  return `Calls share one persistent shell with stdin closed: cd, exported variables, functions, aliases and set options carry over to your next call (background tasks start fresh in the current directory); it starts in ${directory}${workdir ? ", and workdir cds there first" : ""}.`;
}

function shellSentence(context: DescriptionContext, fresh: string, workdir: boolean): string {
  return context.session
    ? persistentShellSentence(context.session.directory, workdir)
    : `${FRESH_SHELL}${fresh}`;
}

/** The dsh `bash` tool's description: shell, safety profile, limits, markers, background use. */
export function dshBashDescription(context: DescriptionContext): string {
  return [
    `Run a bash command and return its output. ${shellSentence(context, ", so pass workdir instead of cd.", true)}`,
    shellParagraph(context),
    profileLine(context.profile, context.requireApproval),
    ...sandboxLines(context),
    limitsParagraph(context, "timeoutMs (milliseconds)"),
    SECRETS_SENTENCE,
    RESULT_PARAGRAPH,
    "For servers, watchers and long builds use run_in_background: it returns a task id at once and applies no timeout; read new output with bash_output (poll it, nothing wakes you) and stop the task with bash_kill.",
  ].join("\n\n");
}

/** The reference module's single `bash` tool, with its managed actions when they are on. */
export function amplifierBashDescription(context: DescriptionContext): string {
  const background = context.managedProcesses
    ? `action=start returns an owned process_id; manage it with action read, wait, status, write, terminate or list.${context.managedPty ? " pty=true gives it a real terminal." : ""} Raw stdin needs host permission.`
    : "run_in_background returns a task id at once; its output is not shown, so prefer short commands or redirect output to a file.";
  return [
    `Run a bash command and return its output. ${shellSentence(context, "; quote paths with spaces and chain steps with &&.", false)}`,
    shellParagraph(context),
    profileLine(context.profile, context.requireApproval),
    ...sandboxLines(context),
    limitsParagraph(context, "timeout (seconds)"),
    SECRETS_SENTENCE,
    RESULT_PARAGRAPH,
    background,
  ].join("\n\n");
}

/** The `bash` description for a tool shape. */
export function bashDescriptionFor(shape: "dsh" | "amplifier", context: DescriptionContext): string {
  return shape === "dsh" ? dshBashDescription(context) : amplifierBashDescription(context);
}
