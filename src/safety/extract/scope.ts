import type { SyntaxNode } from "../parse/syntax-node.js";
import { HOME_PATH } from "./expanded-word.js";

/**
 * What the gate knows about the shell's state as it reads a script top to bottom: literal variable
 * values, the working directory after `cd`, files written with known content, aliases and `hash -p`
 * bindings. It over-approximates (subshell changes leak out), which only makes verdicts stricter.
 */
export interface Scope {
  readonly variables: Map<string, string>;
  /** Absolute, normalised; HOME_PATH stands for `~`. Undefined when unknown. */
  cwd: string | undefined;
  readonly files: Map<string, string>;
  readonly aliases: Map<string, string>;
  readonly hashed: Map<string, string>;
  /** Functions defined so far, by name: their bodies are judged when they are called. */
  readonly functions: Map<string, SyntaxNode>;
  /** Symbolic links made so far (`ln -s`): resolved link path → resolved target. */
  readonly links: Map<string, string>;
  /** Canonical spellings of the home the context names (read as HOME_PATH wherever they appear). */
  readonly homes: readonly string[];
  /** True when the command runs in a shell on Windows (Git Bash, MSYS2, Cygwin) or in WSL. */
  readonly windows: boolean;
  /** Process substitutions expanded so far → the `/dev/fd/N` path each became (see descriptor-files.ts). */
  readonly substitutions: Map<string, string>;
  /** Indexed arrays assigned a literal list (`a=(x 'y z')`), element by element, in index order. */
  readonly arrays: Map<string, readonly string[]>;
}

export function createScope(): Scope {
  return {
    variables: new Map([
      ["IFS", " \t\n"],
      ["HOME", HOME_PATH],
    ]),
    cwd: undefined,
    files: new Map(),
    aliases: new Map(),
    hashed: new Map(),
    functions: new Map(),
    links: new Map(),
    homes: [],
    windows: false,
    substitutions: new Map(),
    arrays: new Map(),
  };
}

/**
 * Another machine's shell (ssh, kubectl exec): none of this script's state; it starts in its home,
 * which the gate does not know (so a relative delete there may be the home's), or in `cwd`.
 */
export function remoteScope(cwd?: string): Scope {
  const scope = createScope();
  scope.cwd = cwd ?? HOME_PATH;
  scope.variables.set("PWD", scope.cwd);
  return scope;
}

/** A shell started by the script inherits the state so far; what it changes stays inside it. */
export function cloneScope(scope: Scope): Scope {
  return {
    variables: new Map(scope.variables),
    cwd: scope.cwd,
    files: new Map(scope.files),
    aliases: new Map(scope.aliases),
    hashed: new Map(scope.hashed),
    functions: new Map(scope.functions),
    links: new Map(scope.links),
    homes: scope.homes,
    windows: scope.windows,
    substitutions: new Map(scope.substitutions),
    arrays: new Map(scope.arrays),
  };
}
