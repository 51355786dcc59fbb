import type { PtyModule } from "../../execution/spawn/start-process.js";
import { ManagedProcessError } from "../managed-process-error.js";

export type { PtyModule, PtyProcess } from "../../execution/spawn/start-process.js";

export const PTY_PACKAGE = "@homebridge/node-pty-prebuilt-multiarch";

export const PTY_NOT_INSTALLED = `Terminal support is not installed: the optional package ${PTY_PACKAGE} could not be loaded. Start without pty (pipes), or install it next to shellgate.`;

export type PtyImporter = () => Promise<unknown>;

let cached: Promise<PtyModule | null> | undefined;

/**
 * Loads node-pty on first use only, so shellgate works (without terminals) where the native
 * package is missing or fails to load. The answer is cached, the failure reason kept.
 */
export function loadPty(importer?: PtyImporter): Promise<PtyModule | null> {
  if (importer !== undefined) return importPty(importer);
  cached ??= importPty(() => import(PTY_PACKAGE));
  return cached;
}

async function importPty(importer: PtyImporter): Promise<PtyModule | null> {
  try {
    const loaded = (await importer()) as { spawn?: unknown; default?: { spawn?: unknown } };
    const candidate = typeof loaded.spawn === "function" ? loaded : loaded.default;
    return typeof candidate?.spawn === "function" ? (candidate as PtyModule) : null;
  } catch {
    return null;
  }
}

/** Loads node-pty or fails with the "not installed" error the model can act on. */
export async function requirePty(importer?: PtyImporter): Promise<PtyModule> {
  const pty = await loadPty(importer);
  if (pty === null) throw new ManagedProcessError("pty_unavailable", PTY_NOT_INSTALLED);
  return pty;
}
