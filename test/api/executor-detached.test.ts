import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { DetachedStart } from "../../src/execution/run/start-detached.js";
import { engineFor } from "../support/engines.js";
import { type ExecutorPlace, executorCases, HOST_ONLY_VARIABLE } from "../support/executor-instances.js";

// `shellgate run --background` through a remote executor: the command is detached in the target,
// its exit status written to a file there, read back through the same executor; close() leaves it
// running, as a local detached start outlives shellgate.
const { cases, skipped } = await executorCases();
const remote = cases.filter((entry) => entry.remote);

describe.skipIf(skipped.length === 0)("remote engines not started here", () => {
  it.skip(`skipped: ${skipped.join("; ")}`, () => undefined);
});

describe.each(remote.map((entry) => [entry.name, entry] as const))(
  "detached starts through the %s executor",
  (name, entry) => {
    let place: ExecutorPlace;
    let shellgate: Shellgate;

    const open = () =>
      createShellgate({ safety_profile: "unrestricted", ...place.config }, { env: place.env });

    beforeAll(async () => {
      place = await entry.open();
      shellgate = await open();
    }, 120_000);
    afterAll(async () => {
      await shellgate?.close();
      await place?.close();
    });

    /** A command's stdout in the target, through the executor. */
    async function inTarget(command: string): Promise<string> {
      const result = await shellgate.executor.run(shellgate.executor.resolve({ command }));
      return result.stdout;
    }

    /** The file's text in the target once it is there (the detached command writes it at its end). */
    async function appears(file: string): Promise<string> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const text = await inTarget(`cat '${file}' 2>/dev/null || echo absent`);
        if (text !== "absent\n") return text;
        if (Date.now() > deadline) throw new Error(`${file} never appeared in ${name}`);
      }
    }

    async function detach(command: string, on: Shellgate = shellgate): Promise<DetachedStart> {
      const executor = on.executor;
      if (!executor.startDetached) throw new Error(`${name} offers no detached start`);
      return executor.startDetached(executor.resolve({ command, workdir: place.directory }));
    }

    it("records the exit status in the target, beside the log", async () => {
      const started = await detach(
        `echo "bg in $(pwd) [\${${HOST_ONLY_VARIABLE}-absent}]"; echo "PID=$$"; exit 3`,
      );
      expect(started.target).toBe(shellgate.executor.describe().target);
      expect(started.statusPath?.startsWith("/")).toBe(true);
      expect(await appears(started.statusPath as string)).toBe("3\n");
      expect(await inTarget(`cat '${started.logPath}'`)).toBe(
        `bg in ${place.directory} [absent]\nPID=${started.pid}\n`,
      );
      // Private to the user in the target: the directory is 0700.
      const directory = (started.statusPath as string).replace(/\/[^/]*$/, "");
      expect(await inTarget(`ls -ld '${directory}' | cut -c1-10`)).toBe("drwx------\n");
    });

    it("keeps running after close(), and a new instance reads how it ended", async () => {
      const other = await open();
      const flag = `${place.directory}/detached-flag-${process.pid}-${Date.now()}`;
      const started = await detach(
        `while [ ! -e '${flag}' ]; do sleep 0.1; done; echo finished; exit 5`,
        other,
      );
      await other.close();
      // The instance that started it is gone; the command still waits in the target for its flag.
      expect(await inTarget(`[ -d /proc/${started.pid} ] && echo alive`)).toBe("alive\n");
      await inTarget(`touch '${flag}'`);
      expect(await appears(started.statusPath as string)).toBe("5\n");
      expect(await inTarget(`cat '${started.logPath}'; rm -f '${flag}'`)).toBe("finished\n");
    });

    it.runIf(name.startsWith("docker"))(
      "leaves nothing on this machine: the files are in the container",
      async () => {
        const started = await detach("exit 0");
        expect(await appears(started.statusPath as string)).toBe("0\n");
        expect(existsSync(started.statusPath as string)).toBe(false);
        expect(existsSync(started.logPath as string)).toBe(false);
      },
    );

    it("refuses a missing working directory with the foreground run's sentence, nothing started", async () => {
      const executor = shellgate.executor;
      const failure = executor.startDetached?.(
        executor.resolve({ command: "echo ran", workdir: "/no/such/dir" }),
      );
      await expect(failure).rejects.toMatchObject({ code: "bad-cwd" });
      await expect(failure).rejects.toThrow(/The working directory \/no\/such\/dir does not exist in /);
    });
  },
);

const docker = await engineFor("docker");

describe.runIf(docker.engine !== undefined)("a detached start in a container shellgate creates", () => {
  it("is refused with the reason: the container goes when shellgate exits", async () => {
    const manifest = docker.engine as NonNullable<typeof docker.engine>;
    const shellgate = await createShellgate({
      safety_profile: "unrestricted",
      executor: { kind: "docker", image: manifest.images.busybox, docker_host: manifest.docker_host },
    });
    try {
      const executor = shellgate.executor;
      const failure = executor.startDetached?.(executor.resolve({ command: "echo ran" }));
      await expect(failure).rejects.toThrow(
        /--background cannot outlive shellgate in container \S+: shellgate created that container from an image and removes it when it exits; name an existing container \(executor.container\), or run it in the foreground\./,
      );
    } finally {
      await shellgate.close();
    }
  }, 120_000);
});
