/**
 * A run that only prints help, a version or a listing changes nothing, whatever the program would
 * otherwise do (`vipw -V`, `vgremove -h`, `chsh -l`). `--help`, `--version` and `--usage` mean that
 * for every GNU-style program; a short letter only for the programs whose manual says so (`-h` is
 * help for LVM but "halt" for shutdown and a home phone for chfn), hence the per-program extras.
 */
const ALWAYS_INFORMATIONAL = new Set(["--help", "--version", "--usage"]);

/**
 * True when `--help` is among the options (before `--`): a getopt-style program reads every option
 * first and then only prints its help (`systemctl reboot --help`, `dropdb x --help`).
 */
export function asksForHelp(words: readonly string[]): boolean {
  for (const word of words) {
    if (word === "--") return false;
    if (word === "--help") return true;
  }
  return false;
}

/** True when the arguments are one or more informational options and nothing else. */
export function onlyInformational(words: readonly string[], extras: readonly string[] = []): boolean {
  return words.length > 0 && words.every((word) => ALWAYS_INFORMATIONAL.has(word) || extras.includes(word));
}
