import type { ShellKind } from "../resolve/resolution.js";

/** How one shell kind sees the machine: drive paths, `$HOME`, and where its programs come from. */
export interface ShellConventions {
  /** `C:\Users\me\p` as this shell spells it; null where there are no drive letters. */
  readonly driveExample: string | null;
  /** Where `$HOME` points, in words. */
  readonly home: string;
  /** Whose programs `git`, `node`, `python` are. */
  readonly toolchain: string;
}

const CONVENTIONS: Record<ShellKind, ShellConventions> = {
  bash: {
    driveExample: null,
    home: "the user's home directory",
    toolchain: "the programs on this machine's PATH",
  },
  sh: {
    driveExample: null,
    home: "the user's home directory",
    toolchain: "the programs on this machine's PATH",
  },
  none: { driveExample: null, home: "not set by a shell", toolchain: "programs named by full path" },
  gitbash: {
    driveExample: "/c/Users/me/p",
    home: "the Windows user profile (/c/Users/<you>)",
    toolchain: "whatever is installed on Windows itself, plus Git's own Unix tools",
  },
  cygwin: {
    driveExample: "/cygdrive/c/Users/me/p",
    home: "/home/<you> inside the Cygwin tree",
    toolchain: "Cygwin's packages, plus Windows programs on PATH",
  },
  wsl: {
    driveExample: "/mnt/c/Users/me/p",
    home: "the Linux home inside the distribution, not the Windows user profile",
    toolchain: "whatever is installed inside that Linux distribution, not on Windows",
  },
};

export function shellConventions(kind: ShellKind): ShellConventions {
  return CONVENTIONS[kind];
}
