import { HOME_PATH } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";

const BASH_LIKE = new Set(["bash", "rbash"]);
const POSIX_SH = new Set(["sh", "dash", "ash", "ksh", "mksh", "busybox-sh", "posh", "yash", "lksh"]);

interface ShellMode {
  login: boolean;
  interactive: boolean;
  noProfile: boolean;
  noRc: boolean;
  rcFile: string | undefined;
}

/** Reads the start-up flags of a shell's command line, up to its first operand. */
function modeOf(invocation: Invocation): ShellMode {
  const mode: ShellMode = {
    login: false,
    interactive: false,
    noProfile: false,
    noRc: false,
    rcFile: undefined,
  };
  const args = invocation.words.slice(1);
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--login") mode.login = true;
    else if (value === "--noprofile") mode.noProfile = true;
    else if (value === "--norc") mode.noRc = true;
    else if (value === "--rcfile" || value === "--init-file") {
      mode.rcFile = args[index + 1]?.value;
      index += 1;
    } else if (/^-[a-zA-Z]+$/.test(value)) {
      if (value.includes("l")) mode.login = true;
      if (value.includes("i")) mode.interactive = true;
      if (/[oO]$/.test(value)) index += 1;
    } else if (!value.startsWith("--") && !value.startsWith("+")) break;
  }
  return mode;
}

/**
 * Start-up files a shell reads before its commands, when this command wrote them earlier: a login
 * bash reads ~/.bash_profile, ~/.bash_login or ~/.profile (Debian's .profile then sources ~/.bashrc),
 * an interactive one ~/.bashrc or its --rcfile; a POSIX sh reads ~/.profile as a login shell and the
 * file named by $ENV when interactive.
 */
export function startupScripts(name: string, invocation: Invocation, scope: Scope): Nested[] {
  if (!BASH_LIKE.has(name) && !POSIX_SH.has(name)) return [];
  const mode = modeOf(invocation);
  if (!mode.login && !mode.interactive) return [];
  const home = scope.variables.get("HOME") ?? HOME_PATH;
  const files: string[] = [];
  if (BASH_LIKE.has(name)) {
    if (mode.login && !mode.noProfile)
      files.push(`${home}/.bash_profile`, `${home}/.bash_login`, `${home}/.profile`);
    if ((mode.interactive || mode.login) && !mode.noRc) files.push(mode.rcFile ?? `${home}/.bashrc`);
  } else {
    if (mode.login) files.push(`${home}/.profile`);
    const environment =
      invocation.assignments.find((assignment) => assignment.name === "ENV")?.value.value ??
      scope.variables.get("ENV");
    if (mode.interactive && environment) files.push(environment);
  }
  const nested: Nested[] = [];
  for (const file of files) {
    const resolved = virtualPath(file, scope);
    const text = resolved === undefined ? undefined : scope.files.get(resolved);
    if (text !== undefined) nested.push({ kind: "script", text, origin: `${name}'s start-up file ${file}` });
  }
  return nested;
}
