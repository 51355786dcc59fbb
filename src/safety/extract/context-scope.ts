import path from "node:path";
import type { SafetyContext } from "../context.js";
import { HOME_PATH } from "./expanded-word.js";
import { resolvePath } from "./paths.js";
import { createScope, type Scope } from "./scope.js";
import { foldWindowsPath } from "./windows-paths.js";

const WINDOWS_KINDS = new Set(["gitbash", "cygwin", "wsl"]);
const INHERITED_NOT = new Set(["HOME", "IFS", "PWD"]);

function canonicalHome(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  const folded = foldWindowsPath(value);
  if (!folded.startsWith("/")) return undefined;
  const normalised = path.posix.normalize(folded).replace(/\/+$/, "");
  // A home of `/` (some service accounts) must not turn every path into "inside the home".
  return normalised === "" || normalised === "/" ? undefined : normalised;
}

/** The scope a script starts in when it runs in the given context: cwd, homes, environment. */
export function scopeForContext(context: SafetyContext | undefined): Scope {
  const scope = createScope();
  if (context === undefined) return scope;
  const env = context.env ?? {};
  const homes = [context.home, context.shell?.home, env.HOME, env.USERPROFILE]
    .map(canonicalHome)
    .filter((home, index, all): home is string => home !== undefined && all.indexOf(home) === index);
  const windows =
    (context.shell !== undefined && WINDOWS_KINDS.has(context.shell.kind)) ||
    (context.shell?.platform ?? "") === "win32";
  for (const [name, value] of Object.entries(env)) {
    // HOME is the home marker; bash resets IFS and PWD at start-up rather than inheriting them.
    if (value !== undefined && !INHERITED_NOT.has(name) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      scope.variables.set(name, value);
  }
  // Windows always sets USERPROFILE to the user's profile folder, the home of every Windows shell.
  if (windows && !scope.variables.has("USERPROFILE")) scope.variables.set("USERPROFILE", HOME_PATH);
  const cwd = context.cwd === undefined ? undefined : resolvePath(context.cwd, undefined, homes);
  const result: Scope = { ...scope, homes, windows, cwd };
  if (cwd !== undefined) result.variables.set("PWD", cwd === HOME_PATH ? HOME_PATH : cwd);
  return result;
}
