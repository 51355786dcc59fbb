import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import skipList from "./wine-skips.json" with { type: "json" };

// The committed list of platform skips may only shrink: a new Wine gap or a new pending item needs
// a reviewer to raise these ceilings on purpose. Lower them whenever an entry goes.
const WINE_CEILING = 3;
const WINDOWS_CEILING = 0;

const testRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function testSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return testSources(full);
    return entry.name.endsWith(".ts") ? [readFileSync(full, "utf8")] : [];
  });
}

/** The ids the suite actually skips by: literal first arguments of the skip helpers. */
function usedIds(): Set<string> {
  const used = new Set<string>();
  const call = /\b(?:wineCannot|skipUnderWine|skipOnWindowsUntil)\((?:\w+,\s*)?"([\w-]+)"\)/g;
  for (const source of testSources(testRoot)) for (const match of source.matchAll(call)) used.add(match[1]!);
  return used;
}

describe("the committed list of platform skips (test/windows/wine-skips.json)", () => {
  it("only shrinks", () => {
    expect(Object.keys(skipList.wine).length).toBeLessThanOrEqual(WINE_CEILING);
    expect(Object.keys(skipList.windows).length).toBeLessThanOrEqual(WINDOWS_CEILING);
  });

  it("names the missing feature for every entry, and the issue item for every pending one", () => {
    for (const reason of Object.values(skipList.wine)) expect(reason).toMatch(/^Wine\b|\bWine\b/);
    for (const reason of Object.values(skipList.windows)) expect(reason).toMatch(/^issue \d+, '/);
  });

  it("has no entry that no test uses, so a fixed gap leaves the list", () => {
    const used = usedIds();
    const listed = [...Object.keys(skipList.wine), ...Object.keys(skipList.windows)];
    expect(listed.filter((id) => !used.has(id))).toEqual([]);
  });
});
