import {
  LaunchError,
  type LaunchExit,
  type Launched,
  type Launcher,
  type LaunchOutput,
  type LaunchPlan,
  type LaunchStdio,
  type PtyCapability,
  type StdinCapability,
} from "../../src/execution/launch/launcher.js";
import { COMMAND_VARIABLE, wrapCommandText } from "../../src/execution/spawn/command-wrapper.js";
import type { TerminationReport } from "../../src/execution/terminate/terminate-tree.js";

/**
 * What a fake program does, given the command text its plan carries (the last argument): output,
 * then an exit, or input echoed until EOF, or nothing until it is terminated.
 */
export type FakeProgram = (io: FakeProgramIo) => void;

export interface FakeProgramIo {
  readonly env: Readonly<Record<string, string>>;
  readonly terminal: boolean;
  out(text: string): void;
  err(text: string): void;
  exit(code: number): void;
  /** Called with each input write; `null` at EOF. */
  onInput(listener: (text: string | null) => void): void;
}

/** The contract's commands (and a few more a test may add), as in-memory programs. */
export const FAKE_PROGRAMS: Readonly<Record<string, FakeProgram>> = {
  "echo out; echo err >&2; exit 3": (io) => {
    io.out("out\n");
    io.err("err\n");
    io.exit(3);
  },
  cat: (io) => {
    io.onInput((text) => (text === null ? io.exit(0) : io.out(text)));
  },
  'printf %s "$CONTRACT_VALUE"': (io) => {
    io.out(io.env.CONTRACT_VALUE ?? "");
    io.exit(0);
  },
  "sleep 30": () => undefined,
  true: (io) => io.exit(0),
  "i=0; while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done": (io) => {
    for (let line = 0; line < 2000; line += 1) io.out(`line${line}\n`);
    io.exit(0);
  },
  "test -t 1 && echo on-a-terminal": (io) => {
    if (io.terminal) io.out("on-a-terminal\r\n");
    io.exit(io.terminal ? 0 : 1);
  },
};

let nextPid = 40_000;

/**
 * The command text a shell would run for this plan: the `-c` argument (POSIX bash, `argv`
 * delivery), or the variable the fixed wrapper evaluates, its prelude taken off (`environment`
 * delivery: any bash on Windows, Git Bash, Cygwin, WSL). So the fake plays the plans of any host.
 */
function commandOf(plan: LaunchPlan): string {
  if (plan.delivery !== "environment") return plan.args.at(-1) ?? "";
  const carried = plan.env[COMMAND_VARIABLE] ?? "";
  const prelude = [wrapCommandText(""), wrapCommandText("", true)].find((text) => carried.startsWith(text));
  return prelude === undefined ? carried : carried.slice(prelude.length);
}

/**
 * A launcher that runs nothing: each plan's command is looked up in `programs` and played in
 * memory, asynchronously, as a real launch would deliver it. A plan whose program is unknown fails
 * to start (ENOENT), which is what the contract's unstartable plan is.
 */
export function createFakeLauncher(
  programs: Readonly<Record<string, FakeProgram>> = FAKE_PROGRAMS,
): Launcher {
  return {
    async launch(plan: LaunchPlan, stdio: LaunchStdio): Promise<Launched> {
      const program = programs[commandOf(plan)];
      if (!program || plan.file.startsWith("/nonexistent")) {
        throw new LaunchError("ENOENT", `cannot start ${plan.file}: it was not found (ENOENT).`);
      }
      return playLaunch(plan, stdio, program);
    },
    canLaunchTerminal: async () => true,
    // It stands in for this machine: the prepare step checks directories and writes script files.
    local: true,
  };
}

function playLaunch(plan: LaunchPlan, stdio: LaunchStdio, program: FakeProgram): Launched {
  const terminal = stdio.kind === "terminal";
  const output: LaunchOutput = stdio.kind === "detached" ? () => undefined : stdio.onOutput;
  let settle: (exit: LaunchExit) => void = () => undefined;
  let ended = false;
  const exited = new Promise<LaunchExit>((resolve) => {
    settle = (exit) => {
      if (ended) return;
      ended = true;
      inputListener?.(null);
      resolve(exit);
    };
  });
  let inputListener: ((text: string | null) => void) | undefined;
  let inputClosed = stdio.kind !== "terminal" && !(stdio.kind === "pipes" && stdio.stdin === "open");
  const queue = (work: () => void) => setImmediate(() => !ended && work());
  const emit = (stream: "stdout" | "stderr", text: string) =>
    queue(() => output(terminal ? "terminal" : stream, Buffer.from(text, "utf8")));
  const io: FakeProgramIo = {
    env: plan.env,
    terminal,
    out: (text) => emit("stdout", text),
    err: (text) => emit("stderr", text),
    exit: (code) => queue(() => settle({ code, signal: null })),
    onInput: (listener) => {
      inputListener = listener;
      if (inputClosed) queue(() => listener(null));
    },
  };
  setImmediate(() => program(io));
  let termination: Promise<TerminationReport> | undefined;
  const pid = nextPid++;
  const input: StdinCapability = {
    write: async (data) => {
      if (inputClosed || ended) throw new Error("stdin is closed");
      const text = typeof data === "string" ? data : Buffer.from(data).toString("utf8");
      queue(() => inputListener?.(text));
    },
    closeStdin: async (eof) => {
      if (inputClosed) return;
      if (eof !== undefined && terminal) queue(() => inputListener?.(null));
      inputClosed = true;
      if (!terminal) queue(() => inputListener?.(null));
    },
    abort: () => {
      inputClosed = true;
    },
  };
  const pty: PtyCapability = { ...input, resize: () => undefined };
  return {
    pid,
    exited,
    drained: exited.then(() => new Promise<void>((resolve) => setImmediate(resolve))),
    terminate: (graceMs) => {
      termination ??= (async () => {
        const started = Date.now();
        settle({ code: null, signal: "SIGTERM" });
        return {
          pid,
          method: "process-group",
          descendants: [],
          forced: false,
          survivors: [],
          errors: [],
          durationMs: Math.min(graceMs, Date.now() - started),
        };
      })();
      return termination;
    },
    leftovers: async () => [],
    abandonOutput: () => undefined,
    release: () => undefined,
    annotate: () => "",
    ...(stdio.kind === "pipes" && stdio.stdin === "open" ? { stdin: input } : {}),
    ...(terminal ? { stdin: pty, pty } : {}),
  };
}
