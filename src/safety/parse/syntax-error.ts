import type { Node } from "web-tree-sitter";

export interface SyntaxErrorLocation {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  readonly description: string;
}

/** The first place the grammar could not make sense of, or undefined when the tree is clean. */
export function findSyntaxError(root: Node): SyntaxErrorLocation | undefined {
  if (!root.hasError) return undefined;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "ERROR" || (node.isMissing && !isEmptySubstitution(node))) {
      const description = node.isMissing ? `missing '${node.type}'` : `unexpected '${truncate(node.text)}'`;
      return {
        offset: node.startIndex,
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        description,
      };
    }
    if (!node.hasError) continue;
    const children = node.children;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) stack.push(child);
    }
  }
  return undefined;
}

/** tree-sitter marks `$()` (valid bash, expands to nothing) as a command with a missing name. */
function isEmptySubstitution(node: Node): boolean {
  if (node.startIndex !== node.endIndex) return false;
  let current: Node | null = node.parent;
  while (
    current &&
    (current.type === "command_name" || current.type === "command") &&
    current.startIndex === current.endIndex
  ) {
    current = current.parent;
  }
  return current?.type === "command_substitution";
}

function truncate(text: string): string {
  const firstLine = text.split("\n", 1)[0] ?? "";
  return firstLine.length > 24 ? `${firstLine.slice(0, 24)}…` : firstLine;
}

/**
 * `;;`, `;&` and `;;&` end a `case` arm and nothing else; bash rejects them anywhere else (`echo a;;`)
 * while the grammar accepts them as a plain terminator.
 */
export function findStrayCaseTerminator(root: Node): SyntaxErrorLocation | undefined {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "case_item" || node.type === "case_statement") continue;
    if (!node.isNamed && (node.type === ";;" || node.type === ";&" || node.type === ";;&")) {
      return {
        offset: node.startIndex,
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        description: `unexpected '${node.type}' outside a case statement`,
      };
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  return undefined;
}
