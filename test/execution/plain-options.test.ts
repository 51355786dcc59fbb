import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const source = fileURLToPath(new URL("../../src/", import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(source, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(folder, name));
}

describe("execution and managed processes take plain options", () => {
  it("no file under src/execution or src/managed imports src/config (the wiring in src/api adapts it)", () => {
    const readers = [...filesUnder("execution"), ...filesUnder("managed")].filter((file) =>
      /from "(?:\.\.\/)+config\//.test(readFileSync(path.join(source, file), "utf8")),
    );
    expect(readers).toEqual([]);
  });
});
