import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { gitConfigPaths } from "./git-config-paths.js";
import { isWithin } from "./trusted-helpers.js";

/**
 * The git files the host runs later, inside the writable roots: a sandboxed command must not write
 * them. The library protects only the repository of shellgate's own process cwd; this covers the
 * instance's. For each repository found at or below a writable root (or holding it): its hooks, its
 * config (every key that runs a program — core.fsmonitor, core.sshCommand, core.pager,
 * diff.external, filter.*, `!` aliases — lives there), `config.worktree`, a configured
 * `core.hooksPath` and included config files inside the roots; a `.git` file (a worktree or a
 * submodule) itself, so it cannot be pointed elsewhere, and what it points to. Also the user's own
 * git config when a root holds it (a working directory of `~`).
 *
 * Found when a wrap is made (at most five seconds old under a reused wrap): a repository a command
 * creates and poisons before then is not covered (see the README's limits).
 */

/** How deep below a root `.git` entries are looked for, as the library's own scan does. */
const MAX_DEPTH = 3;
/** A bound on the walk, so a huge tree costs the wrap a bounded time. */
const MAX_DIRECTORIES = 4000;
const SKIPPED = new Set(["node_modules", ".git"]);

async function kind(target: string): Promise<"file" | "directory" | undefined> {
  const stats = await lstat(target).catch(() => undefined);
  if (!stats) return undefined;
  if (stats.isDirectory()) return "directory";
  return stats.isFile() ? "file" : undefined;
}

/** The `.git` entries at and below `root`, to `MAX_DEPTH`, never through a link or node_modules. */
async function dotGitEntries(root: string): Promise<string[]> {
  const found: string[] = [];
  let level = [root];
  let visited = 0;
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
    const next: string[] = [];
    for (const directory of level) {
      if (++visited > MAX_DIRECTORIES) return found;
      const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name === ".git" && (entry.isDirectory() || entry.isFile())) {
          found.push(path.join(directory, entry.name));
        } else if (entry.isDirectory() && !SKIPPED.has(entry.name)) {
          next.push(path.join(directory, entry.name));
        }
      }
    }
    level = next;
  }
  return found;
}

/** The `.git` of the repository holding `root`, when it lies above it. */
async function enclosingDotGit(root: string): Promise<string | undefined> {
  for (
    let directory = path.dirname(root);
    directory !== path.dirname(directory);
    directory = path.dirname(directory)
  ) {
    const candidate = path.join(directory, ".git");
    if (await kind(candidate)) return candidate;
  }
  return undefined;
}

/** The git dir a `.git` file names (`gitdir: X`), resolved against the file's directory. */
async function pointedGitDir(dotGitFile: string): Promise<string | undefined> {
  const text = await readFile(dotGitFile, "utf8").catch(() => "");
  const target = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
  return target ? path.resolve(path.dirname(dotGitFile), target) : undefined;
}

/** What to deny for one git dir (and its common dir, for a linked worktree); `hooks` gets the hooks paths. */
async function gitDirPaths(
  gitDir: string,
  workTree: string,
  home: string,
  hooks: string[],
): Promise<string[]> {
  const expandHome = (value: string) =>
    value === "~" || value.startsWith("~/") ? path.join(home, value.slice(1)) : value;
  const paths = [
    path.join(gitDir, "hooks"),
    path.join(gitDir, "config"),
    path.join(gitDir, "config.worktree"),
  ];
  const common = (await readFile(path.join(gitDir, "commondir"), "utf8").catch(() => "")).trim();
  const commonDir = common ? path.resolve(gitDir, common) : undefined;
  if (commonDir) paths.push(path.join(commonDir, "hooks"), path.join(commonDir, "config"));
  for (const configFile of [path.join(commonDir ?? gitDir, "config"), path.join(gitDir, "config.worktree")]) {
    const text = await readFile(configFile, "utf8").catch(() => undefined);
    if (text === undefined) continue;
    const { hooksPath, includes } = gitConfigPaths(text);
    // A relative hooksPath is the work tree's (husky's `.husky`, lefthook's); includes are the file's.
    if (hooksPath) hooks.push(path.resolve(workTree, expandHome(hooksPath)));
    for (const include of includes) paths.push(path.resolve(path.dirname(configFile), expandHome(include)));
  }
  return paths;
}

export interface GitProtectionContext {
  /** The roots a sandboxed command can write. */
  readonly writableRoots: readonly string[];
  readonly home: string;
  /** `XDG_CONFIG_HOME`, where git also reads the user's config. */
  readonly xdgConfigHome?: string | undefined;
}

/** Every git file inside the writable roots that the host would read or run later. */
export async function gitProtectedPaths(context: GitProtectionContext): Promise<string[]> {
  const hooks: string[] = [];
  const roots = await Promise.all(context.writableRoots.map((root) => realpath(root).catch(() => root)));
  const candidates: string[] = [
    path.join(context.home, ".gitconfig"),
    path.join(context.xdgConfigHome ?? path.join(context.home, ".config"), "git"),
  ];
  const dotGits = new Set<string>();
  for (const root of roots) {
    for (const entry of await dotGitEntries(root)) dotGits.add(entry);
    const above = await enclosingDotGit(root);
    if (above) dotGits.add(above);
  }
  for (const dotGit of dotGits) {
    const workTree = path.dirname(dotGit);
    if ((await kind(dotGit)) === "directory") {
      candidates.push(...(await gitDirPaths(dotGit, workTree, context.home, hooks)));
      continue;
    }
    // A worktree's or a submodule's pointer: kept a file, and what it points to kept too.
    candidates.push(dotGit);
    const gitDir = await pointedGitDir(dotGit);
    if (gitDir) candidates.push(...(await gitDirPaths(gitDir, workTree, context.home, hooks)));
  }
  const inside = (paths: readonly string[]) =>
    [...new Set(paths)].filter((candidate) => roots.some((root) => isWithin(candidate, root)));
  // Only what exists (a mount on a missing name would make it on the host), but a configured hooks
  // directory even before it does: husky and lefthook make it later, and git would run what is put there.
  const kept: string[] = [];
  for (const candidate of inside(candidates)) if (await kind(candidate)) kept.push(candidate);
  for (const candidate of inside(hooks)) if (!kept.includes(candidate)) kept.push(candidate);
  return kept;
}
