import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** A native Windows test program from test/windows/fixtures/NAME.c, or why there is none. */
export type NativeFixture = { readonly path: string } | { readonly missing: string };

const built = new Map<string, NativeFixture>();

/**
 * Finds NAME.exe: built by scripts/windows-under-wine.sh (SHELLGATE_NATIVE_FIXTURES) under Wine, or
 * built here with a MinGW gcc on PATH (windows-latest has one). Sources only are committed.
 */
export function nativeFixture(name: string): NativeFixture {
  const known = built.get(name);
  if (known) return known;
  const prebuilt = process.env.SHELLGATE_NATIVE_FIXTURES;
  let result: NativeFixture;
  if (prebuilt && existsSync(join(prebuilt, `${name}.exe`))) {
    result = { path: join(prebuilt, `${name}.exe`) };
  } else {
    const output = join(mkdtempSync(join(tmpdir(), "shellgate-fixture-")), `${name}.exe`);
    const compiled = spawnSync("gcc", ["-O2", "-o", output, join(SOURCES, `${name}.c`)], {
      encoding: "utf8",
      windowsHide: true,
      timeout: 120_000,
    });
    result =
      compiled.status === 0 && existsSync(output)
        ? { path: output }
        : {
            missing: `no ${name}.exe: SHELLGATE_NATIVE_FIXTURES is unset and gcc could not build it (${
              compiled.error?.message ?? compiled.stderr.trim().split("\n")[0] ?? `exit ${compiled.status}`
            })`,
          };
  }
  built.set(name, result);
  return result;
}
