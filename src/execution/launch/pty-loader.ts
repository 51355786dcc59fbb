import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PtyModule } from "../spawn/start-process.js";

export type { PtyModule, PtyProcess } from "../spawn/start-process.js";

/** One package that provides node-pty, and how to check its native binary really loads. */
export interface PtyCandidate {
  readonly name: string;
  /** Loads the native binary the package will need at spawn time; throws when it cannot. */
  probe(require: NodeJS.Require): void;
}

/**
 * `@lydell/node-pty` ships its binaries in per-platform npm packages (no install script), so it
 * works from a fresh install with scripts disabled; it is shellgate's one pty dependency, tried
 * first everywhere. `@homebridge/node-pty-prebuilt-multiarch` needs an install script (npm flags
 * it, and on Windows and macOS that script is what downloads the binaries); it is no dependency
 * any more, but used when a host installs it next to shellgate — where `@lydell` has no binary,
 * such as musl (Alpine) Linux, for which it bundles one.
 */
export const LYDELL: PtyCandidate = {
  name: "@lydell/node-pty",
  probe(require) {
    const binaries = createRequire(require.resolve("@lydell/node-pty"));
    const platformPackage = `@lydell/node-pty-${process.platform}-${process.arch}`;
    binaries(`${platformPackage}/${process.platform === "win32" ? "conpty.node" : "pty.node"}`);
  },
};

export const HOMEBRIDGE: PtyCandidate = {
  name: "@homebridge/node-pty-prebuilt-multiarch",
  probe(require) {
    const root = path.dirname(require.resolve("@homebridge/node-pty-prebuilt-multiarch/package.json"));
    const native = process.platform === "win32" ? "conpty.node" : "pty.node";
    const prebuilt = path.join(
      root,
      "prebuilds",
      `${process.platform}-${process.arch}`,
      `node.abi${process.versions.modules}${existsSync("/etc/alpine-release") ? ".musl" : ""}.node`,
    );
    const candidates = [
      ...(process.platform === "win32" ? [] : [prebuilt]),
      path.join(root, "build", "Release", native),
    ];
    const found = candidates.find((candidate) => existsSync(candidate));
    if (!found) throw new Error(`no native ${native} (its install script did not run)`);
    require(found);
  },
};

const CANDIDATES: readonly PtyCandidate[] = [LYDELL, HOMEBRIDGE];

/** The package tried first on this platform. */
export const PTY_PACKAGE = (CANDIDATES[0] as PtyCandidate).name;

export const PTY_NOT_INSTALLED = `Terminal support is not installed: neither ${LYDELL.name} (shellgate's optional dependency) nor ${HOMEBRIDGE.name} could load its native terminal binary on this host. Start without pty (pipes), or install one of them next to shellgate.`;

export type PtyImporter = () => Promise<unknown>;

let cached: Promise<PtyModule | null> | undefined;

/**
 * Loads node-pty on first use only, so shellgate works (without terminals) where no native package
 * is present or loads. Each candidate's native binary is loaded before the package is accepted:
 * node-pty itself loads it only at the first spawn, so a package without its binary would
 * otherwise look available and then fail every terminal start. The answer is cached.
 */
export function loadPty(importer?: PtyImporter): Promise<PtyModule | null> {
  if (importer !== undefined) return importPty(importer);
  cached ??= loadFirstWorking(CANDIDATES);
  return cached;
}

export async function loadFirstWorking(list: readonly PtyCandidate[]): Promise<PtyModule | null> {
  const require = createRequire(import.meta.url);
  for (const candidate of list) {
    try {
      candidate.probe(require);
    } catch {
      continue;
    }
    const loaded = await importPty(() => import(candidate.name));
    if (loaded) return loaded;
  }
  return null;
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
