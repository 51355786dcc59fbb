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
    if (node.type === "ERROR" || node.isMissing) {
      const description = node.isMissing
        ? `missing '${node.type}'`
        : `unexpected '${truncate(node.text)}'`;
      return {
        offset: node.startIndex,
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        description,
      };
    }
    if (!node.hasError) continue;
    for (let index = node.childCount - 1; index >= 0; index -= 1) {
      const child = node.child(index);
      if (child) stack.push(child);
    }
  }
  return { offset: 0, line: 1, column: 1, description: "unrecognised syntax" };
}

function truncate(text: string): string {
  const firstLine = text.split("\n", 1)[0] ?? "";
  return firstLine.length > 24 ? `${firstLine.slice(0, 24)}…` : firstLine;
}
