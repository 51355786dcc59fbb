import { gitBashSources } from "./git-bash-sources.js";
import type { BashPathChoice, PreferenceChoice } from "./preferences.js";
import type { ShellKind, ShellResolution } from "./resolution.js";
import { WSL_COLD_START_MS } from "./resolve-options.js";
import { ResolutionTrace } from "./trace.js";
import { windowsShellHome } from "./windows-home.js";
import type { WindowsHost, WindowsShell } from "./windows-host.js";

interface Chosen {
  readonly shell: WindowsShell;
  readonly source: string;
}

/** Runs the Windows rules for one preference and returns the chosen shell, or null for `none`. */
class WindowsArbitration {
  readonly #facts: WindowsHost;
  readonly #trace: ResolutionTrace;
  readonly #warnings: string[];
  #pathHits: Promise<readonly string[]> | undefined;
  #gitBash: Promise<Chosen | null> | undefined;
  #wsl: Promise<Chosen | null> | undefined;

  constructor(facts: WindowsHost, trace: ResolutionTrace, warnings: string[]) {
    this.#facts = facts;
    this.#trace = trace;
    this.#warnings = warnings;
  }

  #bashOnPath(): Promise<readonly string[]> {
    this.#pathHits ??= this.#facts.host.findOnPath("bash");
    return this.#pathHits;
  }

  /** The first PATH hit whose kind is wanted; every hit looked at lands in the trace. */
  async fromPath(wanted: readonly ShellKind[]): Promise<Chosen | null> {
    const hits = await this.#bashOnPath();
    if (hits.length === 0) this.#trace.reject("path-lookup", null, null, "no bash.exe on PATH");
    for (const hit of hits) {
      const examined = await this.#facts.examinePathHit(hit, wanted.includes("wsl"));
      const shell = examined.shell;
      if (shell && wanted.includes(shell.kind)) {
        this.#trace.accept("path-lookup", hit, shell.kind, examined.reason);
        return { shell, source: "path-lookup" };
      }
      const reason = shell
        ? `${examined.reason}; not the ${wanted.join("/")} that was asked for`
        : examined.reason;
      this.#trace.reject("path-lookup", hit, shell?.kind ?? null, reason);
    }
    return null;
  }

  gitBashFromSources(): Promise<Chosen | null> {
    this.#gitBash ??= this.#findGitBash();
    return this.#gitBash;
  }

  async #findGitBash(): Promise<Chosen | null> {
    const seenRoots = new Set<string>();
    for await (const source of gitBashSources(this.#facts.host)) {
      if (source.root === null) {
        this.#trace.reject(source.rule, null, "gitbash", source.detail);
        continue;
      }
      const key = source.root.toLowerCase().replace(/\\+$/, "");
      if (seenRoots.has(key)) continue;
      seenRoots.add(key);
      const examined = await this.#facts.examineGitRoot(source.root);
      const reason = `${source.detail}: ${examined.reason}`;
      if (examined.shell) {
        this.#trace.accept(source.rule, examined.shell.path, "gitbash", reason);
        return { shell: examined.shell, source: source.rule };
      }
      this.#trace.reject(source.rule, source.root, "gitbash", reason);
    }
    return null;
  }

  wsl(): Promise<Chosen | null> {
    this.#wsl ??= this.#findWsl();
    return this.#wsl;
  }

  async #findWsl(): Promise<Chosen | null> {
    const wsl = await this.#facts.wsl();
    if (wsl.problem !== undefined || wsl.wslPath === null) {
      this.#trace.reject("wsl", wsl.wslPath, "wsl", wsl.problem ?? "WSL is not available");
      return null;
    }
    const distro = wsl.distros[0]!;
    const others = wsl.distros.length > 1 ? ` (also installed: ${wsl.distros.slice(1).join(", ")})` : "";
    this.#trace.accept("wsl", wsl.wslPath, "wsl", `distribution '${distro}'${others}`);
    return { shell: { kind: "wsl", path: wsl.wslPath, distro }, source: "wsl" };
  }

  async auto(): Promise<Chosen | null> {
    return (
      (await this.fromPath(["gitbash", "cygwin", "wsl"])) ??
      (await this.gitBashFromSources()) ??
      (await this.wsl())
    );
  }

  async preferGitBash(): Promise<Chosen | null> {
    const gitBash = (await this.fromPath(["gitbash"])) ?? (await this.gitBashFromSources());
    if (gitBash) return gitBash;
    const fallback = (await this.wsl()) ?? (await this.fromPath(["cygwin"]));
    this.#warnings.push(
      `windows_shell=gitbash was requested but Git Bash was not found${fallback ? `; using ${describeChoice(fallback)} instead` : ""}`,
    );
    return fallback;
  }

  async preferWsl(): Promise<Chosen | null> {
    const wsl = await this.wsl();
    if (wsl) return wsl;
    const fallback =
      (await this.fromPath(["gitbash"])) ??
      (await this.gitBashFromSources()) ??
      (await this.fromPath(["cygwin"]));
    this.#warnings.push(
      `windows_shell=wsl was requested but no WSL distribution is installed${fallback ? `; using ${describeChoice(fallback)} instead` : ""}`,
    );
    return fallback;
  }
}

function describeChoice(chosen: Chosen): string {
  const names = { gitbash: "Git Bash", cygwin: "Cygwin", wsl: "WSL", sh: "POSIX sh" } as const;
  return `${names[chosen.shell.kind]} (${chosen.shell.path})`;
}

/**
 * Windows: an explicit bash_path wins when valid; then the preference. `auto` keeps the documented
 * semantics: the first usable bash.exe on PATH wins (WSL, if it comes first and has a distribution),
 * then Git Bash from well-known sources, then WSL, then `none`.
 */
export async function resolveWindowsShell(
  facts: WindowsHost,
  preference: PreferenceChoice,
  bashPath: BashPathChoice | null,
  warnings: string[],
): Promise<ShellResolution> {
  const trace = new ResolutionTrace();
  const arbitration = new WindowsArbitration(facts, trace, warnings);
  let chosen: Chosen | null = null;
  if (bashPath) {
    const examined = await facts.examineExplicit(bashPath.path);
    if (examined.shell) {
      trace.accept("bash_path", bashPath.path, examined.shell.kind, `${bashPath.source}: ${examined.reason}`);
      chosen = { shell: examined.shell, source: "bash_path" };
    } else {
      trace.reject("bash_path", bashPath.path, null, `${bashPath.source}: ${examined.reason}`);
      warnings.push(
        `${bashPath.source} '${bashPath.path}' ${examined.reason}; resolving as if it were unset`,
      );
    }
  }
  if (!chosen) {
    if (preference.preference === "gitbash") chosen = await arbitration.preferGitBash();
    else if (preference.preference === "wsl") chosen = await arbitration.preferWsl();
    else chosen = await arbitration.auto();
  }
  if (!chosen)
    return { platform: "win32", kind: "none", path: null, source: "none", warnings, trace: trace.candidates };

  const { shell } = chosen;
  const versionArgv =
    shell.kind === "wsl"
      ? [shell.path, "-d", shell.distro!, "--exec", "bash", "--version"]
      : [shell.path, "--version"];
  const probe = await facts.version(versionArgv, shell.kind === "wsl");
  const wslStart =
    shell.kind === "wsl" ? wslStartOf((await facts.wsl()).listMs, probe.durationMs) : undefined;
  const home = windowsShellHome(shell, (name) => facts.host.env(name));
  return {
    platform: "win32",
    kind: shell.kind,
    path: shell.path,
    ...(probe.version !== undefined ? { version: probe.version } : {}),
    ...(probe.line !== undefined ? { versionLine: probe.line } : {}),
    ...(shell.distro !== undefined ? { distro: shell.distro } : {}),
    ...(shell.root !== undefined ? { root: shell.root } : {}),
    ...(shell.flavor !== undefined ? { flavor: shell.flavor } : {}),
    ...(home !== undefined ? { home } : {}),
    ...(wslStart !== undefined ? { wslStart } : {}),
    source: chosen.source,
    warnings,
    trace: trace.candidates,
  };
}

/** How WSL's probes went, when the host timed them: their time together, and whether it was cold. */
function wslStartOf(
  listMs: number | undefined,
  versionMs: number | undefined,
): ShellResolution["wslStart"] | undefined {
  if (listMs === undefined && versionMs === undefined) return undefined;
  const durationMs = (listMs ?? 0) + (versionMs ?? 0);
  return { durationMs, cold: durationMs >= WSL_COLD_START_MS };
}
