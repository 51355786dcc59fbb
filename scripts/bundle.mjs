// Bundles the compiled entry points (dist/src, dist/platforms, from tsc) into dist/bundle/, which the
// package's exports and bin load. Why: Node 20 pays about half a millisecond per module it resolves,
// reads and links (CommonJS ones imported from ESM a little more), and the root import was ~270 of
// shellgate's own modules, ~95 of zod's and five CommonJS packages; the MCP SDK another ~130 (zod 3
// and 4, zod-to-json-schema, ajv). One file per entry point, shared code in chunks (a class is one
// class whichever entry loaded it), dynamic imports kept as lazy chunks (MCP server, CLI commands).
// The pure-JavaScript dependencies are bundled in, so the versions shipped are the ones tested; zod
// schemas stay interchangeable with a consumer's own zod 4 (it recognises schemas by their `_zod`
// traits, not by class identity). Declarations stay tsc's, under dist/src and dist/platforms: they
// name zod's types (the public schemas), so zod remains a dependency; the MCP SDK's types are named
// only by `shellgate/mcp` (`createMcpServer` returns its `Server`), so the SDK is an optional peer,
// installed by the TypeScript projects that import that subpath, and nothing else needs it.
// Run: node scripts/bundle.mjs   (npm run build runs it after tsc)
import { readFileSync, rmSync } from "node:fs";
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
// Packages that stay imports of the installed package: native code and WASM located next to their
// own files, iconv-lite (required on first use, for Windows code pages only: its tables are large),
// the optional sandbox library and the executors' engine clients (optional peers, imported when that
// executor is configured), and the frameworks the adapters are given (peers).
const EXTERNAL_PACKAGES =
  /^(web-tree-sitter|@koromix\/koffi-win32-[^/]+|iconv-lite|@lydell\/node-pty|@homebridge\/node-pty-prebuilt-multiarch|@anthropic-ai\/sandbox-runtime|dockerode|ssh2|@kubernetes\/client-node|ai|@openai\/agents|@langchain\/core)(\/|$)/;

// The SDK's Server and Client construct Ajv as their default JSON Schema validator, so they import
// it statically; shellgate always passes a validator of its own (which imports Ajv on first use,
// src/surfaces/mcp/create-mcp-server.ts), so in the bundle that static import is a class that says
// so. That keeps ~240 KB (Ajv, ajv-formats, fast-uri) out of what `shellgate mcp` parses at start.
const SDK_DEFAULT_VALIDATOR = "\0sdk-default-validator";
const sdkDefaultValidator = {
  name: "sdk-default-validator",
  resolveId(source, importer) {
    const fromSdk =
      importer &&
      /@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/](server|client)[\\/]index\.js$/.test(importer);
    return fromSdk && source === "../validation/ajv-provider.js" ? SDK_DEFAULT_VALIDATOR : null;
  },
  load(id) {
    if (id !== SDK_DEFAULT_VALIDATOR) return null;
    return `export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error("shellgate's bundle leaves out the MCP SDK's default validator: pass jsonSchemaValidator");
  }
}`;
  },
};

// src/ imports the platform layer through its barrel (biome enforces it), but rolldown assigns
// modules to chunks by the import graph before tree-shaking: every entry that names one helper
// through the barrel "reaches" all of platforms, zod and the host-snapshot schema, so they shared
// one chunk that the CLI's start loaded whole. In the bundle each named import of the barrel from
// src/ goes to the module that defines it, so the graph says what each entry really uses (and
// `hostSnapshotSchema`, which only the barrel re-exports, stays with the platforms entry).
const PLATFORMS_BARREL = `${dist}platforms/index.js`;
function barrelExports() {
  const where = new Map();
  const text = readFileSync(PLATFORMS_BARREL, "utf8");
  for (const [, names, module] of text.matchAll(/export \{([^}]*)\} from "(\.\/[^"]+)";/g)) {
    for (const name of names
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean))
      where.set(name, module);
  }
  if (where.size === 0) throw new Error(`no re-exports found in ${PLATFORMS_BARREL}`);
  return where;
}
const platformsDeepImports = {
  name: "platforms-deep-imports",
  transform(code, id) {
    if (!/[\\/]dist[\\/]src[\\/]/.test(id) || !code.includes("platforms/index.js")) return null;
    const where = barrelExports();
    return code.replace(
      /(import|export) \{([^}]*)\} from "((?:\.\.\/)+)platforms\/index\.js";/g,
      (_, keyword, names, up) => {
        const byModule = new Map();
        for (const name of names
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)) {
          const module = where.get(name.split(/\s+as\s+/)[0]);
          if (!module) throw new Error(`${id}: ${name} is not re-exported by the platforms barrel`);
          byModule.set(module, [...(byModule.get(module) ?? []), name]);
        }
        return [...byModule]
          .map(
            ([module, list]) => `${keyword} { ${list.join(", ")} } from "${up}platforms/${module.slice(2)}";`,
          )
          .join("\n");
      },
    );
  },
};

// Node 20 compiles each built-in on first load, and node:crypto (17 internal modules) and
// node:child_process (with net, dgram and the stream stack) are most of what the root import loads
// beyond a bare start, for functions that are called later, if at all: an id, a spawn. In the
// bundle they are modules of wrappers that load the built-in on the first call. Only functions can
// be wrapped so: a named import of anything else fails the build (MISSING_EXPORT), so the lists are
// the contract. The one CommonJS user, cross-spawn, calls spawn and spawnSync on what it requires.
const LAZY_BUILTINS = {
  crypto: ["createHash", "createHmac", "randomBytes", "randomUUID"],
  child_process: ["execFile", "execFileSync", "spawn", "spawnSync"],
};
const LAZY_PREFIX = "\0lazy-builtin:";
const lazyBuiltins = {
  name: "lazy-builtins",
  resolveId(source) {
    const name = source.replace(/^node:/, "");
    return Object.hasOwn(LAZY_BUILTINS, name) ? `${LAZY_PREFIX}${name}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_PREFIX)) return null;
    const name = id.slice(LAZY_PREFIX.length);
    const wrappers = LAZY_BUILTINS[name].map(
      (fn) => `export function ${fn}(...args) {\n  return builtin().${fn}(...args);\n}`,
    );
    return [
      `import { createRequire } from "node:module";`,
      `const require = createRequire(import.meta.url);`,
      `let loaded;`,
      `const builtin = () => (loaded ??= require("node:${name}"));`,
      ...wrappers,
      // A default import gets the module object itself, loaded on its first property read.
      `export default new Proxy({}, { get: (_, key) => builtin()[key] });`,
    ].join("\n");
  },
};

const OWN_MODULE = /[\\/]dist[\\/](src|platforms)[\\/]/;

const isPackage = (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0");

rmSync(`${dist}bundle`, { recursive: true, force: true });
await build({
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, `${dist}${file}`])),
  platform: "node",
  plugins: [sdkDefaultValidator, platformsDeepImports, lazyBuiltins],
  // shellgate's own modules do nothing on import but define things (no registration, no global
  // changes), so a module whose exports an entry point does not use is left out of that entry's
  // code even when a barrel (platforms/index.js) re-exports it. (Tree-shaking drops the code, not
  // the chunk: which chunk a module lands in follows the import graph, hence platformsDeepImports.)
  treeshake: { moduleSideEffects: (id) => (OWN_MODULE.test(id) ? false : undefined) },
  external: (id) =>
    (id.startsWith("node:") && !Object.hasOwn(LAZY_BUILTINS, id.slice(5))) ||
    (isPackage(id) && EXTERNAL_PACKAGES.test(id)),
  logLevel: "warn",
  output: {
    dir: `${dist}bundle`,
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    minify: { compress: false, mangle: false },
  },
});
