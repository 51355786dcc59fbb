import type { Language, Tree } from "web-tree-sitter";

/**
 * A plain-JavaScript copy of a tree-sitter node. Every property read on a web-tree-sitter `Node`
 * is a round trip into WebAssembly; the gate reads each node several times, so it copies the tree
 * once with a cursor (a handful of calls per node) and works on these objects.
 */
export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  private named: SyntaxNode[] | undefined;

  constructor(
    private readonly source: string,
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    /** The field this node fills in its parent (`name`, `body`, `value`, …). */
    readonly field: string | null,
    readonly parent: SyntaxNode | null,
    /** Position among the parent's children. */
    readonly index: number,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildren(): SyntaxNode[] {
    this.named ??= this.children.filter((child) => child.isNamed);
    return this.named;
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  get firstChild(): SyntaxNode | null {
    return this.children[0] ?? null;
  }

  get nextSibling(): SyntaxNode | null {
    return this.parent?.children[this.index + 1] ?? null;
  }

  child(index: number): SyntaxNode | null {
    return this.children[index] ?? null;
  }

  childForFieldName(field: string): SyntaxNode | null {
    return this.children.find((child) => child.field === field) ?? null;
  }
}

const namedTypes = new WeakMap<Language, boolean[]>();

function isNamedType(language: Language, typeId: number): boolean {
  let table = namedTypes.get(language);
  if (!table) {
    table = [];
    namedTypes.set(language, table);
  }
  // 65535 is ERROR, which web-tree-sitter reports as a named node.
  table[typeId] ??= typeId === 65535 || language.nodeTypeIsNamed(typeId);
  return table[typeId]!;
}

/** Copies a parsed tree into SyntaxNodes; `source` must be the text that was parsed. */
export function copyTree(tree: Tree, source: string): SyntaxNode {
  const cursor = tree.walk();
  const language = tree.language;
  const types = language.types;
  const fields = language.fields;
  let nextId = 0;
  try {
    const rootType = cursor.nodeTypeId;
    const root = new SyntaxNode(
      source,
      nextId++,
      types[rootType] ?? cursor.nodeType,
      isNamedType(language, rootType),
      cursor.startIndex,
      cursor.endIndex,
      null,
      null,
      0,
    );
    let parent = root;
    if (!cursor.gotoFirstChild()) return root;
    for (;;) {
      const typeId = cursor.nodeTypeId;
      const fieldId = cursor.currentFieldId;
      const node = new SyntaxNode(
        source,
        nextId++,
        types[typeId] ?? cursor.nodeType,
        isNamedType(language, typeId),
        cursor.startIndex,
        cursor.endIndex,
        fieldId === 0 ? null : (fields[fieldId] ?? null),
        parent,
        parent.children.length,
      );
      parent.children.push(node);
      if (cursor.gotoFirstChild()) {
        parent = node;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || parent.parent === null) return root;
        parent = parent.parent;
      }
    }
  } finally {
    cursor.delete();
  }
}
