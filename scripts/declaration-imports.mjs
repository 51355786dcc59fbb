// Lists the packages the shipped .d.ts files reach from the package's entry points, and the files
// that import each one: a consumer compiling with skipLibCheck: false type-checks all of them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const packageRoot = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8"));
const entries = Object.values(manifest.exports)
  .map((target) => (typeof target === "object" ? target.types : undefined))
  .filter(Boolean)
  .map((types) => path.join(packageRoot, types));

const importPattern = /(?:import|export)[^'"]*?from\s*["']([^"']+)["']|import\(["']([^"']+)["']\)/g;
const reached = new Map();
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith(".")) {
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".d.ts"));
      if (existsSync(target)) queue.push(target);
    } else {
      const name = specifier.startsWith("@")
        ? specifier.split("/").slice(0, 2).join("/")
        : specifier.split("/")[0];
      if (name.startsWith("node:")) continue;
      reached.set(name, [...(reached.get(name) ?? []), path.relative(packageRoot, file)]);
    }
  }
}
console.log(JSON.stringify(Object.fromEntries(reached), null, 2));
