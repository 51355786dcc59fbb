import path from "node:path";

/** The path module for the platform a host describes, never the one this process runs on. */
export function pathModuleFor(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}

/** A key under which two spellings of the same path are equal: Windows ignores case and slash style. */
export function comparablePath(platform: NodeJS.Platform, target: string): string {
  const module = pathModuleFor(platform);
  let normalized = module.normalize(target);
  const root = module.parse(normalized).root;
  while (normalized.length > root.length && /[\\/]$/.test(normalized)) normalized = normalized.slice(0, -1);
  return platform === "win32" ? normalized.toLowerCase() : normalized;
}

/** The name a command is known by: its file name, and on Windows without case or `.exe`. */
export function commandName(platform: NodeJS.Platform, target: string): string {
  const name = pathModuleFor(platform).basename(target);
  return platform === "win32" ? name.toLowerCase().replace(/\.exe$/, "") : name;
}

export function hasDirectoryPart(platform: NodeJS.Platform, target: string): boolean {
  return platform === "win32" ? /[\\/]/.test(target) : target.includes("/");
}
