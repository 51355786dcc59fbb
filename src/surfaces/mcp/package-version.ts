import { readFileSync } from "node:fs";

// The same file runs from src/ (tsx) and from dist/src/ (built), one directory apart.
const CANDIDATES = ["../../../package.json", "../../../package.json"];

/** shellgate's version, for the MCP `initialize` answer. */
export function packageVersion(): string {
  for (const candidate of CANDIDATES) {
    try {
      const data = JSON.parse(readFileSync(new URL(candidate, import.meta.url), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (data.name === "shellgate" && typeof data.version === "string") return data.version;
    } catch {
      // Not this one; try the next.
    }
  }
  return "0.0.0";
}
