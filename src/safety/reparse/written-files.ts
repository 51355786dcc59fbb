import { EVERY_ENTRY, HOME_PATH, hasUnknown, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";

const UNKNOWN_CWD = "/\uE003cwd/";

/** A written file's key as a person reads it: `~/x.sh`, `./x.sh` for the unknown directory. */
export function shownPath(key: string): string {
  if (key.startsWith(UNKNOWN_CWD)) return `./${key.slice(UNKNOWN_CWD.length)}`;
  return key === HOME_PATH ? "~" : key.startsWith(`${HOME_PATH}/`) ? `~${key.slice(HOME_PATH.length)}` : key;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The files this command wrote earlier that a word may name, with what they hold: the one it
 * names, or, when part of the name is only known at run time (`find … -exec bash {} \;`,
 * `bash "$f"`), every written file whose name fits the parts that are known. Files the command did
 * not write are the file system's own and are not returned.
 */
export function writtenFilesNamed(value: string, scope: Scope): { path: string; content: string }[] {
  if (scope.files.size === 0) return [];
  if (!hasUnknown(value)) {
    const resolved = virtualPath(value, scope);
    const content = resolved === undefined ? undefined : scope.files.get(resolved);
    return resolved === undefined || content === undefined ? [] : [{ path: resolved, content }];
  }
  const known = value.split(new RegExp(`[${UNKNOWN}${UNKNOWN_NONEMPTY}${EVERY_ENTRY}]+`));
  const pattern = new RegExp(`${known.map(escaped).join(".*")}$`);
  return [...scope.files.entries()]
    .filter(([path]) => pattern.test(path))
    .map(([path, content]) => ({ path, content }));
}

/** The scripts a shell or `source` runs from a file operand that this command wrote. */
export function writtenScripts(value: string, origin: string, scope: Scope): Nested[] {
  return writtenFilesNamed(value, scope).map(({ path, content }) => ({
    kind: "script",
    text: content,
    origin,
    written: shownPath(path),
  }));
}
