import path from "node:path";
import type { HostFacts } from "../host/host-facts.js";
import { notBashReason, probeVersion, runtimeFromVersionLine, type VersionProbe } from "./bash-version.js";
import { detectWsl, type WslFacts } from "./detect-wsl.js";
import { unusableFileReason } from "./file-checks.js";
import type { GitBashFlavor, ShellKind } from "./resolution.js";
import { classifyBashPath } from "./windows-layout.js";

const win32 = path.win32;

/** A shell the Windows rules found; whether it is used is the arbitration's call. */
export interface WindowsShell {
  /** `sh`: an explicit POSIX sh or busybox, which takes no bash-only options. */
  readonly kind: Exclude<ShellKind, "bash" | "none">;
  readonly path: string;
  readonly root?: string;
  readonly flavor?: GitBashFlavor;
  readonly distro?: string;
}

export interface Examination {
  readonly shell: WindowsShell | null;
  readonly reason: string;
}

/**
 * The Windows facts the arbitration needs, each fetched from the host at most once. Examinations
 * return a shell or a reason; recording them in the trace is left to the caller, which knows
 * whether the candidate was chosen.
 */
export class WindowsHost {
  readonly #host: HostFacts;
  readonly #timeoutMs: number;
  /** Each WSL probe's timeout: long enough for a cold start. */
  readonly wslTimeoutMs: number;
  readonly #versions = new Map<string, Promise<VersionProbe>>();
  #wsl: Promise<WslFacts> | undefined;

  constructor(host: HostFacts, timeoutMs: number, wslTimeoutMs: number = timeoutMs) {
    this.#host = host;
    this.#timeoutMs = timeoutMs;
    this.wslTimeoutMs = wslTimeoutMs;
  }

  get host(): HostFacts {
    return this.#host;
  }

  get systemRoot(): string {
    return this.#host.env("SystemRoot") ?? this.#host.env("windir") ?? "C:\\Windows";
  }

  /** `--version` of a shell; `wsl` probes get the WSL timeout (the first `--exec` starts the VM). */
  version(argv: readonly string[], wsl = false): Promise<VersionProbe> {
    const key = JSON.stringify(argv);
    let probe = this.#versions.get(key);
    if (!probe) {
      probe = probeVersion(this.#host, argv, wsl ? this.wslTimeoutMs : this.#timeoutMs);
      this.#versions.set(key, probe);
    }
    return probe;
  }

  wsl(): Promise<WslFacts> {
    this.#wsl ??= detectWsl(this.#host, this.systemRoot, this.wslTimeoutMs);
    return this.#wsl;
  }

  /** One `bash.exe` from PATH, classified by where it lives, never trusted by name. */
  async examinePathHit(hit: string, considerWsl: boolean): Promise<Examination> {
    const layout = classifyBashPath(hit);
    if (layout.type === "wsl-launcher") {
      if (!considerWsl) {
        return { shell: null, reason: "the WSL launcher; skipped while looking for Git Bash" };
      }
      const wsl = await this.wsl();
      if (wsl.problem !== undefined || wsl.wslPath === null) {
        return { shell: null, reason: `the WSL launcher, but ${wsl.problem}` };
      }
      const distro = wsl.distros[0]!;
      return {
        shell: { kind: "wsl", path: wsl.wslPath, distro },
        reason: `the WSL launcher with distribution '${distro}'; commands run through ${wsl.wslPath} --exec`,
      };
    }
    if (layout.type === "windows-apps-alias") {
      return {
        shell: null,
        reason: "a WindowsApps app-execution alias that forwards to WSL; never run directly",
      };
    }
    const problem = unusableFileReason(await this.#host.fileInfo(hit));
    if (problem !== null) return { shell: null, reason: problem };
    return this.#examineBashFile(hit, layout);
  }

  /** An explicit `bash_path`: the same layout rules, but an unknown layout is taken on trust. */
  async examineExplicit(bashPath: string): Promise<Examination> {
    if (!win32.isAbsolute(bashPath)) return { shell: null, reason: "is not an absolute path" };
    const layout = classifyBashPath(bashPath);
    if (layout.type === "mintty-launcher") {
      const root = win32.dirname(bashPath);
      return {
        shell: null,
        reason: `is git-bash.exe, the mintty window launcher, whose output cannot be captured; use ${win32.join(root, "bin", "bash.exe")}`,
      };
    }
    if (layout.type === "wsl-launcher") {
      return { shell: null, reason: "is the WSL launcher; set windows_shell to 'wsl' instead" };
    }
    const problem = unusableFileReason(await this.#host.fileInfo(bashPath));
    if (problem !== null) return { shell: null, reason: problem };
    if (layout.type === "windows-apps-alias") {
      return { shell: null, reason: "is a WindowsApps app-execution alias that forwards to WSL" };
    }
    const examined = await this.#examineBashFile(bashPath, layout);
    if (examined.shell || layout.type !== "other") return examined;
    // busybox-w32 or any sh.exe rejects --noprofile/--norc ("bad option"), so it is run as POSIX sh.
    const named = win32.basename(bashPath).toLowerCase();
    const probe = await this.version([bashPath, "--version"]);
    const line = probe.line ?? "";
    if (/busybox/i.test(line) || /^(sh|ash|dash)(\.exe)?$/.test(named)) {
      return {
        shell: { kind: "sh", path: bashPath },
        reason: `explicit ${/busybox/i.test(line) ? "busybox" : named}; run as POSIX sh (no bash-only options)`,
      };
    }
    const notBash = notBashReason(probe);
    if (notBash !== null) return { shell: null, reason: notBash };
    return {
      shell: { kind: "gitbash", path: bashPath, flavor: "msys2" },
      reason: "explicit bash; taken as MSYS-style",
    };
  }

  async #examineBashFile(hit: string, layout: ReturnType<typeof classifyBashPath>): Promise<Examination> {
    if (layout.type === "bin") {
      const usrBash = win32.join(layout.root, "usr", "bin", "bash.exe");
      if (unusableFileReason(await this.#host.fileInfo(usrBash)) === null) {
        return {
          shell: { kind: "gitbash", path: hit, root: layout.root, flavor: "git-for-windows" },
          reason: `Git for Windows (${usrBash} exists)`,
        };
      }
      if ((await this.#host.fileInfo(win32.join(layout.root, "bin", "cygwin1.dll"))) !== null) {
        return {
          shell: { kind: "cygwin", path: hit, root: layout.root },
          reason: "Cygwin (cygwin1.dll beside it)",
        };
      }
      const probe = await this.version([hit, "--version"]);
      if (runtimeFromVersionLine(probe.line) === "cygwin") {
        return { shell: { kind: "cygwin", path: hit, root: layout.root }, reason: `Cygwin (${probe.line})` };
      }
      return {
        shell: null,
        reason: `a Git bin\\bash.exe without ${usrBash}: an incomplete install (it would fail with "Need a valid command-line")`,
      };
    }
    if (layout.type === "usr-bin") {
      const redirector = win32.join(layout.root, "bin", "bash.exe");
      if (unusableFileReason(await this.#host.fileInfo(redirector)) === null) {
        return {
          shell: { kind: "gitbash", path: redirector, root: layout.root, flavor: "git-for-windows" },
          reason: `Git for Windows' raw MSYS bash; using the ${redirector} redirector, which sets MSYSTEM, PATH and HOME`,
        };
      }
      return {
        shell: { kind: "gitbash", path: hit, root: layout.root, flavor: "msys2" },
        reason: "MSYS2 bash (same /c/ paths as Git Bash)",
      };
    }
    const probe = await this.version([hit, "--version"]);
    const runtime = runtimeFromVersionLine(probe.line);
    if (runtime === "msys") {
      return {
        shell: { kind: "gitbash", path: hit, flavor: "msys2" },
        reason: `MSYS-style bash (${probe.line})`,
      };
    }
    if (runtime === "cygwin")
      return { shell: { kind: "cygwin", path: hit }, reason: `Cygwin bash (${probe.line})` };
    return {
      shell: null,
      reason: `an unrecognised bash.exe (${probe.line ?? probe.failure}); set bash_path to use it anyway`,
    };
  }

  /** A Git for Windows install root: prefer the `bin\bash.exe` redirector, require `usr\bin\bash.exe`. */
  async examineGitRoot(root: string): Promise<Examination> {
    const redirector = win32.join(root, "bin", "bash.exe");
    const usrBash = win32.join(root, "usr", "bin", "bash.exe");
    const redirectorProblem = unusableFileReason(await this.#host.fileInfo(redirector));
    const usrProblem = unusableFileReason(await this.#host.fileInfo(usrBash));
    if (usrProblem !== null) {
      const why = redirectorProblem === null ? "incomplete install" : "no Git Bash here";
      return { shell: null, reason: `${usrBash} ${usrProblem} (${why})` };
    }
    if (redirectorProblem === null) {
      return {
        shell: { kind: "gitbash", path: redirector, root, flavor: "git-for-windows" },
        reason: "Git for Windows",
      };
    }
    return {
      shell: { kind: "gitbash", path: usrBash, root, flavor: "git-for-windows" },
      reason: `no ${redirector} redirector; using the raw MSYS bash`,
    };
  }
}
