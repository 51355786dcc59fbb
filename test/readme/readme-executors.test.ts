import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config.js";

// The README's executor configurations (blocks tagged `json executor-config`) are valid configs
// of the kind their section names, as written.
const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../README.md"),
  "utf8",
);
const blocks = [...readme.matchAll(/```json executor-config\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

describe("the README's executor configurations", () => {
  it("has one per remote executor", () => {
    expect(blocks.map((block) => JSON.parse(block).executor.kind)).toEqual(["docker", "ssh", "kubernetes"]);
  });

  it.each(blocks.map((block, index) => [index, block] as const))(
    "block %i parses as a config",
    (_index, block) => {
      const parsed = parseConfig(JSON.parse(block));
      expect(parsed.executor.kind).toBe(JSON.parse(block).executor.kind);
    },
  );
});
