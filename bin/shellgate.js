#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled core. A missing build is reported in one line
// instead of a module-not-found stack trace.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/bundle/cli.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("shellgate: the package is not built; run `npm run build` (npm install does it).\n");
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
