import { createRequire } from "node:module";
import path from "node:path";

/** The part of koffi's native module shellgate uses: a DLL and its functions by C prototype. */
export interface Kernel32 {
  func(prototype: string): (...args: unknown[]) => unknown;
}

interface KoffiNative {
  load(file: string): Kernel32;
}

/**
 * The npm package holding koffi's native module for this Windows architecture. shellgate depends on
 * these packages (optional, `os: win32` and one `cpu` each, so npm installs only the matching one
 * and only on Windows) instead of `koffi` itself: `koffi` is installed on every OS (2–4 MB with its
 * Linux or macOS binary) and has an install script that npm flags on a fresh install, while the
 * binary it loads on Windows is this package's, which has no script. The module it exports is the
 * whole FFI (`load`, `func`, …); koffi's own JavaScript only adds deprecated aliases around it.
 */
export function koffiPackage(arch: string = process.arch): string {
  return `@koromix/koffi-win32-${arch}`;
}

/**
 * Binds `%SystemRoot%\System32\kernel32.dll` through koffi's native module. Synchronous, so a job
 * can be created and assigned in the same tick as a spawn. Windows only; throws elsewhere, or when
 * the package for this architecture is not installed.
 */
export function loadKernel32(environment: NodeJS.ProcessEnv = process.env): Kernel32 {
  const name = koffiPackage();
  let koffi: Partial<KoffiNative>;
  try {
    koffi = createRequire(import.meta.url)(name) as Partial<KoffiNative>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    // Installs with --omit=optional (or --no-optional) leave it out.
    throw new Error(`${name} is not installed (an optional dependency on Windows: npm install ${name})`);
  }
  if (typeof koffi.load !== "function") throw new Error(`${name} has no load()`);
  const systemRoot = environment.SystemRoot ?? environment.SYSTEMROOT ?? "C:\\Windows";
  return koffi.load(path.win32.join(systemRoot, "System32", "kernel32.dll"));
}
