import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the package keeps the prebuilt launcher (source beside it: native/windows/shellgate-launch.c). */
export const LAUNCHER_PATH_IN_PACKAGE = ["native", "windows", "shellgate-launch-x64.exe"] as const;

let cached: { readonly file: string | undefined } | undefined;

/**
 * The launcher binary shipped with the package, or undefined when this install has none. Found
 * from this module upwards, so the same code finds it from `src/` (tests) and `dist/src/`
 * (installed).
 */
export function findLauncher(): string | undefined {
  if (cached) return cached.file;
  let directory = path.dirname(fileURLToPath(import.meta.url));
  let file: string | undefined;
  for (let level = 0; level < 6 && file === undefined; level += 1) {
    const candidate = path.join(directory, ...LAUNCHER_PATH_IN_PACKAGE);
    if (existsSync(candidate)) file = candidate;
    directory = path.dirname(directory);
  }
  cached = { file };
  return file;
}
