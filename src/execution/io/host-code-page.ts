import { loadKernel32 } from "../windows/kernel32.js";

let cached: number | null | undefined;
let cachedAnsi: number | null | undefined;

/**
 * The OEM code page of this Windows host (437, 850, 866, 932, ...), which console programs such as
 * cmd's `dir`/`type`, `findstr` and Windows PowerShell 5.1 use when they write to a pipe. Null off
 * Windows or when it cannot be read. Read once, through kernel32 (koffi's native module, loaded on
 * Windows only).
 */
export function hostOemCodePage(platform: NodeJS.Platform = process.platform): number | null {
  if (platform !== "win32") return null;
  if (cached !== undefined) return cached;
  try {
    const page = loadKernel32().func("uint32_t __stdcall GetOEMCP()")() as number;
    cached = page > 0 ? page : null;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * The ANSI code page of this Windows host (1252, 1251, 932, ...), which non-console programs and
 * Python before 3.15 use when they write to a pipe. Null off Windows or when it cannot be read.
 */
export function hostAnsiCodePage(platform: NodeJS.Platform = process.platform): number | null {
  if (platform !== "win32") return null;
  if (cachedAnsi !== undefined) return cachedAnsi;
  try {
    const page = loadKernel32().func("uint32_t __stdcall GetACP()")() as number;
    cachedAnsi = page > 0 ? page : null;
  } catch {
    cachedAnsi = null;
  }
  return cachedAnsi;
}
