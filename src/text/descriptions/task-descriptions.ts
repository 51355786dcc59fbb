// Descriptions of the tools that work on what `bash` or `process_start` began. Static text: they
// depend on nothing about the instance.

export const BASH_OUTPUT_DESCRIPTION =
  "Read the output a background bash task produced since the previous bash_output call, followed by a status line: [status: running], [status: completed, exit code: N] or [status: killed]. If output was dropped from memory it says so and names the full-output file. A finished task does not wake you: poll with bash_output.";

export const BASH_KILL_DESCRIPTION =
  "Stop a background bash task and its whole process tree. Killing a task that already finished is a reported no-op; an unknown task id is an error.";

export const PROCESS_DESCRIPTIONS = {
  process_start:
    "Start a long-lived command as a managed process and return at once with an opaque process_id and the first page of output. timeout is its maximum lifetime in seconds. Goes through the same safety gate as bash.",
  process_read:
    "Read a page of a managed process's output from cursor (default 0) without consuming it. Advance to next_cursor after using the page; dropped_output_bytes and cursor_expired say when old output is gone.",
  process_wait:
    "Like process_read, but first waits up to wait_ms (default 1000) for new output or for the process to finish. Expiry does not cancel the process.",
  process_status:
    "State and counters of a managed process (state, returncode, termination_reason, output_complete) without output.",
  process_write:
    "Write text to a managed process's stdin and/or close it (close_stdin). Raw input needs host permission; never retry a write automatically, it may already have been delivered.",
  process_terminate:
    "Stop a managed process and its process tree, and wait until the end is observed. Repeating it after the process ended is harmless and keeps its exit result.",
  process_list: "List the managed processes this session started, with their state.",
} as const;

export type ProcessToolName = keyof typeof PROCESS_DESCRIPTIONS;
