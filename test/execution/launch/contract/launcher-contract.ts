import { describe, expect, it } from "vitest";
import {
  LaunchError,
  type Launched,
  type Launcher,
  type LaunchPlan,
  type LaunchStdio,
  type LaunchStream,
} from "../../../../src/execution/launch/launcher.js";

/**
 * The launcher contract: what every launcher (local pipes and terminal, a container exec, an SSH
 * channel, a resident session, a test's in-memory fake) must do for the supervision above it to be
 * written once. Run it with `describeLauncherContract(name, target)`; the target makes plans its
 * launcher understands for the commands below (bash syntax), and says what it cannot offer.
 */
export interface ContractTarget {
  readonly launcher: () => Launcher | Promise<Launcher>;
  /** A plan that runs `command` (one of CONTRACT_COMMANDS) with these extra variables. */
  readonly plan: (
    command: string,
    env?: Readonly<Record<string, string>>,
  ) => LaunchPlan | Promise<LaunchPlan>;
  /** A plan whose program cannot be started (it does not exist). */
  readonly unstartable: () => LaunchPlan | Promise<LaunchPlan>;
  /** Whether terminal launches are part of this target's contract (skipped otherwise). */
  readonly terminals?: boolean;
  /** Generous per-test deadline for loaded machines and remote targets. Default 30 s. */
  readonly timeoutMs?: number;
}

/** Every command the contract runs; a fake launcher implements exactly these. */
export const CONTRACT_COMMANDS = {
  streams: "echo out; echo err >&2; exit 3",
  echoInput: "cat",
  environment: 'printf %s "$CONTRACT_VALUE"',
  sleeps: "sleep 30",
  quick: "true",
  onTerminal: "test -t 1 && echo on-a-terminal",
} as const;

interface Collected {
  readonly text: Record<LaunchStream, string>;
}

function collecting(): { collected: Collected; onOutput: (stream: LaunchStream, chunk: Buffer) => void } {
  const collected: Collected = { text: { stdout: "", stderr: "", terminal: "" } };
  return {
    collected,
    onOutput: (stream, chunk) => {
      collected.text[stream] += chunk.toString("utf8");
    },
  };
}

export function describeLauncherContract(name: string, target: ContractTarget): void {
  const timeout = target.timeoutMs ?? 30_000;

  async function launch(
    command: string,
    stdio: (onOutput: ReturnType<typeof collecting>["onOutput"]) => LaunchStdio,
    env?: Readonly<Record<string, string>>,
  ): Promise<{ launched: Launched; collected: Collected }> {
    const { collected, onOutput } = collecting();
    const launcher = await target.launcher();
    const launched = await launcher.launch(await target.plan(command, env), stdio(onOutput));
    return { launched, collected };
  }

  const pipes =
    (stdin: "closed" | "open") =>
    (onOutput: ReturnType<typeof collecting>["onOutput"]): LaunchStdio => ({
      kind: "pipes",
      stdin,
      onOutput,
    });

  describe(`the launcher contract: ${name}`, () => {
    it("gives the exit code and stdout and stderr apart, then drains", { timeout }, async () => {
      const { launched, collected } = await launch(CONTRACT_COMMANDS.streams, pipes("closed"));
      expect(await launched.exited).toEqual({ code: 3, signal: null });
      await launched.drained;
      expect(collected.text.stdout).toBe("out\n");
      expect(collected.text.stderr).toBe("err\n");
      launched.release();
      launched.release(); // safe twice
    });

    it("starts with the plan's environment", { timeout }, async () => {
      const { launched, collected } = await launch(CONTRACT_COMMANDS.environment, pipes("closed"), {
        CONTRACT_VALUE: "from the plan",
      });
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(collected.text.stdout).toBe("from the plan");
    });

    it("gives closed stdin as EOF at once, and offers no input", { timeout }, async () => {
      const { launched, collected } = await launch(CONTRACT_COMMANDS.echoInput, pipes("closed"));
      expect(launched.stdin).toBeUndefined();
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(collected.text.stdout).toBe("");
    });

    it("takes input on open stdin until it is closed", { timeout }, async () => {
      const { launched, collected } = await launch(CONTRACT_COMMANDS.echoInput, pipes("open"));
      await launched.stdin?.write("hello\n");
      await launched.stdin?.write(Buffer.from("bytes\n"));
      await launched.stdin?.closeStdin();
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(collected.text.stdout).toBe("hello\nbytes\n");
      await expect(launched.stdin?.write("late")).rejects.toThrow();
    });

    it("ends the program on terminate, once however often it is asked", { timeout }, async () => {
      const { launched } = await launch(CONTRACT_COMMANDS.sleeps, pipes("closed"));
      const first = launched.terminate(500);
      const second = launched.terminate(500);
      const [report, again] = await Promise.all([first, second]);
      expect(again).toEqual(report);
      const exit = await launched.exited;
      expect(exit.code === 0 && exit.signal === null).toBe(false);
      expect(report?.survivors ?? []).toEqual([]);
      await launched.drained;
      launched.release();
    });

    it("has nothing left over when nothing was left behind", { timeout }, async () => {
      const { launched } = await launch(CONTRACT_COMMANDS.quick, pipes("closed"));
      expect(await launched.exited).toEqual({ code: 0, signal: null });
      await launched.drained;
      expect(await launched.leftovers()).toEqual([]);
      expect(launched.annotate("any output")).toBe("");
      launched.release();
    });

    it("rejects a start that cannot happen with a LaunchError, a sentence and a code", {
      timeout,
    }, async () => {
      const launcher = await target.launcher();
      const failure = await launcher
        .launch(await target.unstartable(), { kind: "pipes", stdin: "closed", onOutput: () => undefined })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(LaunchError);
      expect((failure as LaunchError).code.length).toBeGreaterThan(0);
      expect((failure as LaunchError).message.length).toBeGreaterThan(0);
    });

    it.runIf(target.terminals === true)(
      "runs on a terminal, merging output into one stream",
      { timeout },
      async () => {
        const launcher = await target.launcher();
        if (!(await launcher.canLaunchTerminal())) return;
        const { launched, collected } = await launch(CONTRACT_COMMANDS.onTerminal, (onOutput) => ({
          kind: "terminal",
          columns: 100,
          rows: 20,
          onOutput,
        }));
        expect(launched.pty).toBeDefined();
        launched.pty?.resize(90, 20);
        expect(await launched.exited).toEqual({ code: 0, signal: null });
        await launched.drained;
        expect(collected.text.terminal).toContain("on-a-terminal");
        expect(collected.text.stdout).toBe("");
        launched.release();
      },
    );
  });
}
