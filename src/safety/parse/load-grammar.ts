import { createRequire } from "node:module";
import path from "node:path";
import type { Parser } from "web-tree-sitter";

/**
 * The grammar ships inside shellgate (vendor/tree-sitter-bash: the npm package is 20 MB with an
 * install script for this one file). Found through the package's own name, so the same line works
 * from the sources, tsc's output and the bundle's chunks, whose depths differ.
 */
export function bashGrammarPath(require: NodeJS.Require): string {
  return path.join(
    path.dirname(require.resolve("shellgate/package.json")),
    "vendor",
    "tree-sitter-bash",
    "tree-sitter-bash.wasm",
  );
}

let loading: Promise<Parser> | undefined;

/**
 * The bash parser, loaded once per process: the WASM runtime and grammar take tens of
 * milliseconds to load, a parse of a short command tens of microseconds. The module itself is
 * imported here, on first use, so importing shellgate does not pay for it.
 */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const { Language, Parser } = await import("web-tree-sitter");
    await Parser.init();
    const language = await Language.load(bashGrammarPath(require));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
