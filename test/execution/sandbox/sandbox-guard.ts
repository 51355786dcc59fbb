import { spawnSync } from "node:child_process";
import os from "node:os";
import { createSandbox } from "../../../src/execution/sandbox/index.js";

/**
 * Whether the real sandbox tests run here. Where the sandbox cannot start (no bubblewrap, a
 * hosted runner that forbids user namespaces) they are skipped, unless SHELLGATE_SANDBOX_TESTS is
 * "required" (set by .ci/run, which installs what they need): then a missing sandbox fails them.
 */
export async function sandboxTestsRun(): Promise<boolean> {
  if (process.platform !== "linux") return false;
  const status = await createSandbox({
    settings: { mode: "auto", allowed_domains: [] },
    context: { platform: "linux", cwd: os.tmpdir(), home: os.homedir(), tempDirectory: os.tmpdir() },
  }).status();
  // Installed is not enough: a host that forbids unprivileged user namespaces (Ubuntu 24.04's
  // AppArmor default) has bubblewrap and cannot use it.
  const works =
    status.available &&
    spawnSync("bwrap", ["--ro-bind", "/", "/", "--unshare-user", "--unshare-net", "--dev", "/dev", "true"])
      .status === 0;
  if (works) return true;
  if (process.env.SHELLGATE_SANDBOX_TESTS === "required") {
    const why = status.available
      ? "bubblewrap is installed but cannot create its namespaces here"
      : status.reason;
    throw new Error(`SHELLGATE_SANDBOX_TESTS=required but the sandbox is unavailable: ${why}`);
  }
  return false;
}
