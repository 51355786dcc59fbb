import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchPlan, LaunchStdio } from "../../../src/execution/launch/launcher.js";
import type { RemoteTarget } from "../../../src/execution/remote/remote-launcher.js";
import { createRemoteLauncher } from "../../../src/execution/remote/remote-launcher.js";
import { remoteTestTargets } from "../../support/remote-targets.js";

const { targets, skipped } = await remoteTestTargets();

interface Collected {
  readonly stdout: string[];
  readonly stderr: string[];
  readonly terminal: string[];
}

function collector(): { output: Collected; stdio: (kind?: "closed" | "open") => LaunchStdio } {
  const output: Collected = { stdout: [], stderr: [], terminal: [] };
  return {
    output,
    stdio: (stdin = "closed") => ({
      kind: "pipes",
      stdin,
      onOutput: (stream, chunk) => output[stream].push(chunk.toString("utf8")),
    }),
  };
}

describe.skipIf(skipped.length === 0)("remote engines not started here", () => {
  it.skip(`skipped: ${skipped.join("; ")}`, () => undefined);
});

describe.each(targets.map((target) => [target.name, target] as const))(
  "the remote launcher in %s",
  (name, testTarget) => {
    let target: RemoteTarget;
    let close: () => Promise<void>;
    const v4 = name.includes("v4");

    beforeAll(async () => {
      const opened = await testTarget.open();
      target = opened.target;
      close = opened.close;
    }, 60_000);
    afterAll(() => close?.());

    function plan(command: string, options: { cwd?: string; env?: Record<string, string> } = {}): LaunchPlan {
      const marker = { name: "SHELLGATE_RUN", value: randomUUID() };
      return {
        shell: target.facts.shell.kind,
        file: target.facts.shell.path,
        args: ["--norc", "-c", command],
        cwd: options.cwd ?? target.facts.temporaryDirectory ?? "/",
        delivery: "argv",
        detached: true,
        windowsHide: true,
        crossSpawn: false,
        env: { ...(options.env ?? target.facts.environment), SHELLGATE_RUN: marker.value },
        marker,
      };
    }

    async function launch(command: string, stdio?: LaunchStdio, options?: Parameters<typeof plan>[1]) {
      const { output, stdio: pipes } = collector();
      const launched = await createRemoteLauncher(target).launch(plan(command, options), stdio ?? pipes());
      return { launched, output };
    }

    /** Whether any process in the target still carries this run marker. */
    async function markerAlive(value: string): Promise<boolean> {
      const { launched, output } = await launch(
        `for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' <"$f" 2>/dev/null | grep -qx 'SHELLGATE_RUN=${value}' && echo alive; done; true`,
      );
      await launched.drained;
      return output.stdout.join("").includes("alive");
    }

    it("runs a command with its exit code, stdout and stderr apart", async () => {
      const { launched, output } = await launch("echo out; echo err >&2; exit 3");
      expect(await launched.exited).toEqual({ code: 3, signal: null });
      await launched.drained;
      expect(output.stdout.join("")).toBe("out\n");
      expect(output.stderr.join("")).toBe("err\n");
      expect(launched.pid).toBeUndefined();
    });

    it("reports a signal death as a local run does, whether the engine folds it into 128+N or not", async () => {
      const { launched } = await launch("kill -TERM $$");
      expect(await launched.exited).toEqual({ code: null, signal: "SIGTERM" });
    });

    it("keeps an exit status of 128+N the shell chose itself", async () => {
      const { launched } = await launch("exit 143");
      expect(await launched.exited).toEqual({ code: 143, signal: null });
    });

    it("refuses a working directory that does not exist, with nothing started", async () => {
      await expect(launch("echo ran", undefined, { cwd: "/no/such/directory" })).rejects.toMatchObject({
        name: "LaunchError",
        code: "ENOENT",
        message: expect.stringContaining("/no/such/directory does not exist in"),
      });
    });

    it("gives closed stdin as EOF at once", async () => {
      const { launched, output } = await launch("cat; echo done");
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(output.stdout.join("")).toBe("done\n");
    });

    it.runIf(!v4)("delivers input and then EOF on open stdin", async () => {
      const { output, stdio } = collector();
      const launched = await createRemoteLauncher(target).launch(plan("cat; echo done"), stdio("open"));
      await launched.stdin?.write("hello\n");
      await launched.stdin?.closeStdin();
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(output.stdout.join("")).toBe("hello\ndone\n");
    });

    it.runIf(v4)(
      "says why stdin cannot be closed alone over v4.channel.k8s.io, and keeps it open",
      async () => {
        const { output, stdio } = collector();
        const launched = await createRemoteLauncher(target).launch(plan("cat"), stdio("open"));
        await expect(launched.stdin?.closeStdin()).rejects.toMatchObject({
          name: "LaunchError",
          code: "ENOTSUP",
          message: expect.stringContaining("no way to end stdin alone"),
        });
        await launched.stdin?.write("still open\n");
        while (!output.stdout.join("").includes("still open\n")) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await launched.terminate(500);
      },
    );

    it("runs on a terminal when asked, taking input and a resize", async () => {
      const chunks: string[] = [];
      const launched = await createRemoteLauncher(target).launch(
        plan('tty; read line; echo "got $line"; stty size'),
        {
          kind: "terminal",
          columns: 100,
          rows: 30,
          onOutput: (stream, chunk) => {
            expect(stream).toBe("terminal");
            chunks.push(chunk.toString("utf8"));
          },
        },
      );
      await launched.stdin?.write("abc\r");
      expect(await launched.exited).toMatchObject({ code: 0 });
      await launched.drained;
      const text = chunks.join("");
      expect(text).toMatch(/\/dev\/(pts\/\d+|console)/);
      expect(text).toContain("got abc");
      expect(launched.pty).toBeDefined();
    });

    it("ends the whole tree on terminate, a setsid escape included", async () => {
      const { launched } = await launch(
        "sleep 300 & (sleep 301 &); setsid sleep 302 >/dev/null 2>&1 & sleep 303",
      );
      const report = await launched.terminate(1000);
      expect(report).toMatchObject({ method: "remote-group", survivors: [], errors: [] });
      expect(report?.descendants.length).toBeGreaterThanOrEqual(4);
      expect(await launched.exited).toEqual({ code: null, signal: "SIGTERM" });
    });

    it("ends at the shell's end although a background child holds the output, and lists that child", async () => {
      const started = Date.now();
      const runPlan = plan("sleep 300 & echo bg");
      const { output, stdio } = collector();
      const launched = await createRemoteLauncher(target).launch(runPlan, stdio());
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(20_000);
      const left = await launched.leftovers();
      expect(left.length).toBeGreaterThanOrEqual(1);
      expect(await markerAlive(runPlan.marker.value)).toBe(true);
      const report = await launched.terminate(500);
      expect(report?.survivors).toEqual([]);
      launched.abandonOutput();
      expect(await markerAlive(runPlan.marker.value)).toBe(false);
      expect(output.stdout.join("")).toBe("bg\n");
    });

    it("ends what escaped every run's tree by the instance marker, as an executor's close does", async () => {
      const instance = randomUUID();
      const launcher = createRemoteLauncher(target);
      const runPlan = plan("setsid sleep 304 >/dev/null 2>&1 </dev/null & echo started");
      const { stdio } = collector();
      const launched = await launcher.launch(
        { ...runPlan, env: { ...runPlan.env, SHELLGATE_INSTANCE: instance } },
        stdio(),
      );
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(await markerAlive(runPlan.marker.value)).toBe(true);
      const report = await launcher.endInstance(500);
      expect(report).toMatchObject({ method: "remote-group", survivors: [], errors: [] });
      expect(report?.descendants.length).toBeGreaterThanOrEqual(1);
      expect(await markerAlive(runPlan.marker.value)).toBe(false);
      expect(await createRemoteLauncher(target).endInstance(500)).toBeUndefined();
    });

    it("has no leftovers when nothing was left behind, without asking the target", async () => {
      const { launched } = await launch("true");
      await launched.exited;
      await launched.drained;
      expect(await launched.leftovers()).toEqual([]);
    });

    it("starts from the target's own environment, minus what the plan removed, plus what it set", async () => {
      const own = target.facts.environment;
      const removed = Object.keys(own).find((key) => key !== "PATH" && key !== "HOME");
      const env: Record<string, string> = { ...own, ADDED: "it's set" };
      if (removed) delete env[removed];
      const { launched, output } = await launch(
        `echo "[$ADDED] [\${${removed ?? "NONE"}-gone}] [\${SHELLGATE_HOST_ONLY-absent}]"`,
        undefined,
        {
          env,
        },
      );
      await launched.drained;
      expect(output.stdout.join("")).toBe(`[it's set] [gone] [absent]\n`);
    });

    it("delivers a command longer than an argument may be through a script file in the target", async () => {
      const filler = `: ${"x".repeat(100 * 1024)}\n`;
      // bash names the sourced file: it removed itself before the command ran.
      const check =
        target.facts.shell.kind === "bash"
          ? '[ -e "${BASH_SOURCE[0]}" ] && echo kept || echo removed'
          : "echo removed";
      const { launched, output } = await launch(`${filler}echo long done; ${check}`);
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(output.stdout.join("")).toBe("long done\nremoved\n");
    });
  },
);
