import type { TargetFacts, TargetShell } from "./target-facts.js";

/** The probe's output did not come from the probe (a login shell that printed something else, …). */
export class ProbeOutputError extends Error {
  override readonly name = "ProbeOutputError";
}

function environmentOf(text: string): Record<string, string> {
  const environment: Record<string, string> = {};
  const entries = text.includes("\0") ? text.split("\0") : text.split("\n");
  for (const entry of entries) {
    const at = entry.indexOf("=");
    if (at > 0) environment[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return environment;
}

function shellVariantOf(target: string | undefined): string | undefined {
  if (!target) return undefined;
  const name = target.split("/").pop() ?? "";
  if (name === "busybox") return "busybox ash";
  if (name === "dash" || name === "ash" || name === "mksh" || name === "ksh") return name;
  return undefined;
}

function shellOf(values: ReadonlyMap<string, string>): TargetShell | undefined {
  const bash = values.get("bash");
  if (bash) {
    const version = values.get("bash_version");
    return { kind: "bash", path: bash, ...(version ? { version } : {}) };
  }
  const sh = values.get("sh");
  if (!sh) return undefined;
  const variant = shellVariantOf(values.get("sh_target"));
  return { kind: "sh", path: sh, ...(variant ? { version: variant } : {}) };
}

/**
 * The target's facts from `PROBE_SCRIPT`'s output. Lines before the probe's first line are dropped
 * (a login shell's banner, a .bashrc that echoes). Throws `ProbeOutputError` when the probe did not
 * run at all. Pure.
 */
export function parseProbeOutput(output: string): TargetFacts {
  const start = output.indexOf("probe=shellgate-1\n");
  if (start === -1) throw new ProbeOutputError("the target probe printed nothing shellgate could read");
  const body = output.slice(start);
  const split = body.indexOf("\nenvironment\n");
  const head = split === -1 ? body : body.slice(0, split);
  const values = new Map<string, string>();
  for (const line of head.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0 && line.slice(at + 1) !== "") values.set(line.slice(0, at), line.slice(at + 1));
  }
  const uid = Number(values.get("uid"));
  const shell = shellOf(values);
  const optional = (key: string, name: keyof TargetFacts) => {
    const value = values.get(key);
    return value === undefined ? {} : { [name]: value };
  };
  return {
    user: values.get("user") ?? (Number.isInteger(uid) ? `uid ${uid}` : "an unknown user"),
    ...(values.has("uid") && Number.isInteger(uid) ? { uid } : {}),
    ...optional("home", "home"),
    ...optional("cwd", "cwd"),
    os: values.get("os") ?? "unknown",
    arch: values.get("arch") ?? "unknown",
    ...optional("hostname", "hostname"),
    ...optional("login_shell", "loginShell"),
    ...(shell ? { shell } : {}),
    ...optional("env_program", "envProgram"),
    proc: values.get("proc") === "yes",
    ...optional("tmp", "temporaryDirectory"),
    environment: split === -1 ? {} : environmentOf(body.slice(split + "\nenvironment\n".length)),
  };
}
