import { createRequire } from "node:module";
import type { Parser } from "web-tree-sitter";

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
    const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
