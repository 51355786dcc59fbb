import { PRINTED_DIRECTORY } from "./expanded-word.js";
import type { Scope } from "./scope.js";

/** Read-only commands whose whole output is one directory (`npm root -g`, `brew --prefix`). */
const DIRECTORY_PRINTERS: readonly RegExp[] = [
  /^git rev-parse( --path-format=\w+)? --(show-toplevel|git-dir|git-common-dir|show-superproject-working-tree|absolute-git-dir)$/,
  /^(npm|pnpm) (root|prefix)( -g| --global)?$/,
  /^yarn global (bin|dir)$/,
  /^brew --(prefix|cellar|repository)( [\w@.+-]+)?$/,
  /^go env (GOPATH|GOROOT|GOBIN|GOMODCACHE|GOCACHE)$/,
  /^(pyenv|rbenv|nodenv|goenv) (root|prefix)( [\w.-]+)?$/,
  /^xcode-select -p$|^xcode-select --print-path$/,
  /^rustc --print sysroot$/,
  /^python3? -m site --user-(base|site)$/,
  /^pipenv --venv$|^poetry env info -p$|^poetry env info --path$/,
  /^conda info --base$/,
  /^mktemp -d( [\w.X/-]+)?$/,
];

/**
 * What a read-only path-printing command prints, as far as the gate needs it: `which node`,
 * `command -v node`, `type -P node` print where `node` is installed (some bin directory); `npm bin`
 * prints the project's `node_modules/.bin`; the commands above print some directory.
 */
export function pathPrinterOutput(name: string, args: readonly string[], scope: Scope): string | undefined {
  const program = args.at(-1);
  const lookup =
    (name === "which" && args.length === 1) ||
    (name === "command" && args.length === 2 && args[0] === "-v") ||
    (name === "type" && args.length === 2 && args[0] === "-P");
  if (lookup && program !== undefined && /^[\w@.+-]+$/.test(program)) return `/usr/bin/${program}\n`;
  if (/^(npm|yarn|pnpm)$/.test(name) && args.length === 1 && args[0] === "bin")
    return `${scope.cwd ?? PRINTED_DIRECTORY}/node_modules/.bin\n`;
  const line = [name, ...args].join(" ");
  return DIRECTORY_PRINTERS.some((pattern) => pattern.test(line)) ? `${PRINTED_DIRECTORY}\n` : undefined;
}
