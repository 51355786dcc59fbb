#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled core. A missing build is reported in one line
// instead of a module-not-found stack trace.
import { existsSync } from "node:fs";
import nodeModule from "node:module";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/bundle/cli.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("shellgate: the package is not built; run `npm run build` in its folder.\n");
  process.exit(2);
}
// Node 22.1+ keeps V8's compiled code for the bundle in the system temp directory, so a later start
// skips most of the parse (NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no such cache.
nodeModule.enableCompileCache?.();
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
