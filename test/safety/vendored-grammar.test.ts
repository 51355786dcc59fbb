import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bashGrammarPath, loadBashParser } from "../../src/safety/parse/load-grammar.js";

// The bash grammar ships inside the package (vendor/tree-sitter-bash) instead of as the 20 MB
// tree-sitter-bash dependency with its install script: the file is the one its README names, with
// its licence, in the package's files, and the gate's parser loads it.

const repository = fileURLToPath(new URL("../..", import.meta.url));
const vendored = path.join(repository, "vendor", "tree-sitter-bash");
const manifest = JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  files: string[];
};

describe("vendored bash grammar", () => {
  it("is the file its README names, by checksum, next to the grammar's MIT licence", () => {
    const sha256 = createHash("sha256")
      .update(readFileSync(path.join(vendored, "tree-sitter-bash.wasm")))
      .digest("hex");
    expect(readFileSync(path.join(vendored, "README.md"), "utf8")).toContain(`SHA-256: \`${sha256}\``);
    expect(readFileSync(path.join(vendored, "LICENSE"), "utf8")).toMatch(
      /^The MIT License[\s\S]*Max Brunsfeld/,
    );
  });

  it("ships in the package instead of the tree-sitter-bash dependency", () => {
    expect(manifest.dependencies["tree-sitter-bash"]).toBeUndefined();
    expect(manifest.files).toContain("vendor/tree-sitter-bash/tree-sitter-bash.wasm");
    expect(manifest.files).toContain("vendor/tree-sitter-bash/LICENSE");
  });

  it("is the file the gate loads, and it parses bash", async () => {
    expect(bashGrammarPath(createRequire(import.meta.url))).toBe(
      path.join(vendored, "tree-sitter-bash.wasm"),
    );
    const parser = await loadBashParser();
    expect(parser.parse("echo hi | wc -c")?.rootNode.type).toBe("program");
  });
});
