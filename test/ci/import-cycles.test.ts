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

/** Every relative module a file names, types included (`import type` too). */
function allImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/gms)].map((match) =>
    path.resolve(path.dirname(file), (match[1] ?? "").replace(/\.js$/, ".ts")),
  );
}

/** `file -> module` for each import of a file under `from` that names a module under one of `banned`. */
function crossings(from: string, banned: readonly string[]): string[] {
  const root = path.join(SOURCE, from);
  return sourceFiles(root).flatMap((file) =>
    allImports(file)
      .filter((target) => banned.some((folder) => target.startsWith(path.join(SOURCE, folder) + path.sep)))
      .map((target) => `${path.relative(SOURCE, file)} -> ${path.relative(SOURCE, target)}`),
  );
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

  // Every sentence the model reads is in text/, and it words what the engines report without
  // their code: the shapes both sides read live in reports/, which imports nothing of src/.
  it("keep text/ apart from the engines: no import of execution/ or managed/, types included", () => {
    expect(sourceFiles(path.join(SOURCE, "text")).length).toBeGreaterThan(10);
    expect(crossings("text", ["execution", "managed"])).toEqual([]);
  });

  it("keep reports/ a leaf: it imports nothing else of src/", () => {
    const others = readdirSync(SOURCE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "reports")
      .map((entry) => entry.name);
    expect(crossings("reports", others)).toEqual([]);
  });

  it("see a type-only import as a crossing too", () => {
    const text = path.join(SOURCE, "text", "results", "render-result.ts");
    expect(allImports(text)).toContain(path.join(SOURCE, "reports", "run-result.ts"));
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
