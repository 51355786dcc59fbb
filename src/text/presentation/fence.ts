/** Wraps text in a ```console block whose fence is longer than any backtick run inside it. */
export function fenceConsole(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  const body = text.endsWith("\n") ? text : `${text}\n`;
  return `${fence}console\n${body}${fence}`;
}
