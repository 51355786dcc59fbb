import { inspectProgram, trustContextFor } from "./find-helpers.js";
import type { SandboxOptions } from "./sandbox.js";
import { resolveSandboxPolicy } from "./sandbox-policy.js";
import { untrustedReason } from "./trusted-helpers.js";

/**
 * Why the host must not run a candidate shell of an instance with these sandbox options, as a
 * helper is judged (trusted-helpers.ts): the shell resolver runs `bash --version` on the host, so a
 * `bash` a sandboxed command planted in `node_modules/.bin` (first on PATH under npx) would run
 * there. Undefined when the sandbox is off (commands run on the host anyway) or the commands run
 * in WSL or on Windows, where the library has no helper check either.
 *
 * The writable roots are the policy's before the instance's private temp directory exists, so the
 * system temp directory counts as writable by default: stricter than the sandbox, never looser.
 */
export function shellCandidateCheck(
  options: Pick<SandboxOptions, "settings" | "context" | "wsl">,
): ((path: string) => Promise<string | undefined>) | undefined {
  if (options.settings.mode === "off" || options.wsl || options.context.platform === "win32")
    return undefined;
  const policy = resolveSandboxPolicy(options.settings, options.context);
  const trust = trustContextFor(policy, options.context.cwd);
  return async (candidate) => {
    const program = inspectProgram(candidate);
    return program === undefined ? undefined : untrustedReason(program, trust);
  };
}
