import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No module of src/ may reach itself through runtime imports: a cycle makes the load order decide
// what is undefined at import time (text/ and execution/ import each other's files in places).
const SOURCE = path.resolve(import.meta.dirname, "../../src");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The relative modules a file needs at run time (`import type` and all-type braces are left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"(\.[^"]+)"/gms)) {
    if (match[1]) continue;
    const braces = /^\{([^}]*)\}$/s.exec((match[2] ?? "").trim());
    const names = braces
      ? (braces[1] ?? "")
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
    if (braces && names.every((name) => name.startsWith("type "))) continue;
    found.push(path.resolve(path.dirname(file), (match[3] ?? "").replace(/\.js$/, ".ts")));
  }
  return found;
}

function findCycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") {
        cycles.push(
          stack
            .slice(stack.indexOf(next))
            .map((file) => path.relative(SOURCE, file))
            .join(" -> "),
        );
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("src/ imports", () => {
  it("form no runtime cycle", () => {
    const graph = new Map(sourceFiles(SOURCE).map((file) => [file, runtimeImports(file)] as const));
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });

  it("are read as the check means: a cycle made here is found", () => {
    const a = path.join(SOURCE, "a.ts");
    const b = path.join(SOURCE, "b.ts");
    expect(
      findCycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual(["a.ts -> b.ts"]);
  });
});
