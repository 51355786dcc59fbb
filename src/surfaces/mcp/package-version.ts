import { readFileSync } from "node:fs";

// The same code runs from src/surfaces/mcp/ (tsx), dist/src/surfaces/mcp/ (tsc) and dist/bundle/ or
// dist/bundle/chunks/ (the bundle), so the nearest shellgate package.json is looked for upwards.
const LEVELS = 6;

/** shellgate's version, for the MCP `initialize` answer. */
export function packageVersion(): string {
  let candidate = new URL("package.json", import.meta.url);
  for (let level = 0; level < LEVELS; level++) {
    try {
      const data = JSON.parse(readFileSync(candidate, "utf8")) as { name?: unknown; version?: unknown };
      if (data.name === "shellgate" && typeof data.version === "string") return data.version;
    } catch {
      // Not this one; try the next directory up.
    }
    candidate = new URL("../package.json", candidate);
  }
  return "0.0.0";
}
