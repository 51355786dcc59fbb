// Bundles the compiled entry points (dist/src, dist/platforms, from tsc) into dist/bundle/, which the
// package's exports and bin load. Why: Node 20 pays about half a millisecond per ES module it
// resolves, reads and links, and the root import was ~270 of shellgate's own modules plus ~95 of
// zod's; one file per entry point (shared code in chunks, so a class is one class whichever entry
// loaded it) takes that cost away. The dynamic imports stay lazy chunks (MCP server, CLI commands).
// zod is bundled in too (its schemas are plain objects and zod 4 recognises another copy's schemas
// by their `_zod` traits); every other package stays a package import, loaded where it is used.
// Declarations stay tsc's, under dist/src and dist/platforms.
// Run: node scripts/bundle.mjs   (npm run build runs it after tsc)
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const ENTRIES = {
  index: "src/index.js",
  platforms: "platforms/index.js",
  mcp: "src/surfaces/mcp/index.js",
  "ai-sdk": "src/surfaces/adapters/ai-sdk.js",
  "openai-agents": "src/surfaces/adapters/openai-agents.js",
  langchain: "src/surfaces/adapters/langchain.js",
  cli: "src/surfaces/cli/main.js",
};
const INLINED_PACKAGES = /^zod(\/|$)/;

const isPackage = (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0");

rmSync(`${dist}bundle`, { recursive: true, force: true });
await build({
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, `${dist}${file}`])),
  platform: "node",
  external: (id) => isPackage(id) && !INLINED_PACKAGES.test(id),
  logLevel: "warn",
  output: {
    dir: `${dist}bundle`,
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
  },
});
