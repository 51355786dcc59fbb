import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import { ConfigError } from "../../src/config/config-error.js";
import { createLocalExecutor } from "../../src/execution/executor/local-executor.js";
import {
  persistentSessionRefusal,
  SessionUnavailableError,
} from "../../src/execution/session/session-mode.js";
import { BASH, NONE } from "../fixtures/exec/resolutions.js";

// `session: persistent` where no resident shell can be kept is refused at creation with one
// sentence, never run fresh instead. Runs on every platform (and under Wine: nothing is started).
let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-session-refusal-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function refusal(...args: Parameters<typeof createShellgate>): Promise<ConfigError> {
  const [config = {}, host = {}] = args;
  const outcome = await createShellgate({ working_dir: directory, ...config }, host).then(
    async (instance) => {
      await instance.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ConfigError);
  return outcome as ConfigError;
}

describe("session: persistent where no resident shell can be kept", () => {
  it("is refused when no bash was found (the fallback runs simple commands only)", async () => {
    const error = await refusal({ session: "persistent" }, { shell: { ...NONE } });
    expect(error.message).toBe(
      `config key 'session': "persistent" cannot start here: no bash was found, and a persistent session needs bash; set session: "fresh".`,
    );
    expect(error.keys).toEqual(["session"]);
  });

  it("is refused for a POSIX sh", async () => {
    const error = await refusal(
      { session: "persistent" },
      { shell: { ...NONE, kind: "sh", path: "/bin/sh" } },
    );
    expect(error.message).toContain("the resolved shell is a POSIX sh, and a persistent session needs bash");
  });

  it("is refused with a host's own executor, which starts a fresh shell per call", async () => {
    const executor = createLocalExecutor({ resolution: BASH, cwd: directory });
    try {
      const error = await refusal({ session: "persistent" }, { executor });
      expect(error.message).toBe(
        `config key 'session': "persistent" needs an executor that keeps sessions, and the host's executor starts a fresh shell for every call; set session: "fresh".`,
      );
    } finally {
      await executor.close();
    }
  });

  it("fresh stays the default: the same places create an instance", async () => {
    const instance = await createShellgate({ working_dir: directory }, { shell: { ...NONE } });
    await instance.close();
  });
});

describe("the local executor asked for a session it cannot keep", () => {
  it("throws the same sentence instead of running every call fresh", () => {
    expect(() =>
      createLocalExecutor({
        resolution: NONE,
        cwd: directory,
        session: { mode: "persistent", maxSessions: 1, idleMs: 1000 },
      }),
    ).toThrow(SessionUnavailableError);
  });
});

describe("persistentSessionRefusal", () => {
  it("allows a remote target's bash, names a target's POSIX sh, and allows local bash (sandboxed or not: the sandbox encloses the shell)", () => {
    const bash = { kind: "bash" } as const;
    expect(persistentSessionRefusal({ resolution: bash, executor: "docker" })).toBeNull();
    expect(persistentSessionRefusal({ resolution: { kind: "sh" }, executor: "ssh" })).toContain(
      'the target of executor "ssh" has only a POSIX sh (no bash)',
    );
    expect(persistentSessionRefusal({ resolution: bash, executor: "local" })).toBeNull();
    expect(persistentSessionRefusal({ resolution: { kind: "gitbash" }, executor: "local" })).toBeNull();
  });
});
