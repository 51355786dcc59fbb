import { statementsOf } from "./plain-statements.js";
import { tokenize } from "./plain-tokens.js";
import { TreeBuilder } from "./plain-tree.js";
import type { SyntaxNode } from "./syntax-node.js";

/**
 * The syntax tree of a plain script, built without tree-sitter: most commands an agent sends are a
 * few literal words joined by `|`, `&&`, `||` or `;`, and for those the WebAssembly parse and the copy
 * of its tree cost more than judging them. The tree built here is the one `copyTree` makes of
 * tree-sitter-bash's parse, node for node (type, span, field, position, id), so everything after the
 * parse is the same code on the same input; test/safety/parse/simple-script.test.ts checks that
 * against the real grammar on every case and on generated scripts.
 *
 * The plain subset: words of letters, digits and `_./:,@%+-=~*`, single-quoted text, `$NAME` and
 * `${NAME}`, double-quoted text with nothing else to expand, and those glued together
 * (`--include='*.sh'`, `r''eboot`, `"$HOME"/x`); file redirects (`2>/dev/null`, `>> log`, `2>&1`)
 * after a command's words; `|`, `&&`, `||`, `;` and line breaks between commands. Anything else
 * (other expansions, heredocs, reserved words, `&`, comments, and the shapes tree-sitter-bash builds
 * in its own way, listed in plain-statements.ts and plain-tokens.ts) gives undefined, and the caller
 * parses with tree-sitter as before.
 */
export function parseSimpleScript(text: string): SyntaxNode | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined) return undefined;
  const items = statementsOf(text, tokens);
  if (items === undefined || items.length === 0) return undefined;
  return new TreeBuilder(text).program(items, items[0]!.pipelines[0]!.commands[0]!.words[0]!.start);
}
