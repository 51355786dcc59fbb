import { randomBytes } from "node:crypto";
import {
  createRealHost,
  currentDirectory,
  resolveShell,
  type ShellResolution,
} from "../../platforms/index.js";
import {
  type ConcurrencyCounter,
  createConcurrencyCounter,
} from "../execution/concurrency/concurrency-counter.js";
import { guardBinary } from "../execution/io/binary-guard.js";
import type { Launched, Launcher } from "../execution/launch/launcher.js";
import { createLocalLauncher } from "../execution/launch/local-launcher.js";
import { loadPty } from "../execution/launch/pty-loader.js";
import { judgeStart } from "../execution/prepare/judge-start.js";
import { blockedText } from "../text/refusals/refusal-text.js";
import {
  type ListInput,
  listInputSchema,
  type ReadInput,
  readInputSchema,
  type StartInput,
  type StatusInput,
  startInputSchema,
  statusInputSchema,
  type TerminateInput,
  terminateInputSchema,
  type WaitInput,
  type WriteInput,
  waitInputSchema,
  writeInputSchema,
} from "./actions/action-schemas.js";
import { parseActionInput } from "./actions/parse-action-input.js";
import { deliverInput } from "./input/deliver-input.js";
import { createProcessId } from "./lifecycle/process-id.js";
import { ProcessRecord } from "./lifecycle/process-record.js";
import type { TerminationReason } from "./lifecycle/process-state.js";
import { ProcessTable } from "./lifecycle/process-table.js";
import { admitQuestions } from "./lifecycle/question-admission.js";
import { SerialQueue } from "./lifecycle/serial-queue.js";
import type { StdinDecision } from "./lifecycle/stdin-policy.js";
import { superviseManagedProcess } from "./lifecycle/supervise-managed-process.js";
import { TreeTeardown } from "./lifecycle/tree-teardown.js";
import {
  EXIT_AFTER_TEARDOWN_MS,
  MAX_RETAINED_CHUNKS,
  OBSERVER_ASYNC_DEADLINE_MS,
  OBSERVER_MAILBOX_SIZE,
  OUTPUT_DRAIN_MS,
  READ_MAX_BYTES_DEFAULT,
  STDIN_WRITE_TIMEOUT_MS,
} from "./limits.js";
import { ManagedProcessError } from "./managed-process-error.js";
import { ObserverMailbox } from "./observer/observer-mailbox.js";
import type { ProcessManagerOptions, StartContext } from "./process-manager-options.js";
import {
  type ProcessPage,
  type ProcessStatus,
  pageReceipt,
  statusReceipt,
} from "./receipts/status-receipt.js";
import { defaultResolution, launchManagedStart } from "./start/launch-managed-start.js";
import { requirePty } from "./terminal/require-pty.js";

/** The answer to `list`: only this instance's processes, plus the mounted input policy. */
export interface ProcessList {
  readonly owner_id: string;
  /** Whether raw stdin writes are permitted by the mounted policy (not settable by actions). */
  readonly stdin_allowed: boolean;
  /** Whether `pty: true` can work: the host allows terminals (`managed_pty`) and node-pty loads. */
  readonly pty: boolean;
  readonly observer_available: boolean;
  readonly processes: readonly ProcessStatus[];
}

/** The answer to `write`. */
export interface WriteReceipt extends ProcessStatus {
  /** UTF-8 bytes handed to the process's input. */
  readonly bytes_written: number;
}

export interface ProcessManager {
  /** This mounted instance's owner id (opaque). */
  readonly ownerId: string;
  readonly closed: boolean;
  start(input: StartInput, context?: StartContext): Promise<ProcessPage>;
  read(input: ReadInput): Promise<ProcessPage>;
  wait(input: WaitInput): Promise<ProcessPage>;
  status(input: StatusInput): Promise<ProcessStatus>;
  write(input: WriteInput): Promise<WriteReceipt>;
  terminate(input: TerminateInput): Promise<ProcessStatus>;
  list(input?: ListInput): Promise<ProcessList>;
  /** Throws a `wrong_owner` error unless `processId` is live in this instance and `ownerId` is its owner. */
  validateProcessOwner(processId: string, ownerId: string): void;
  /** The cleanup callback: terminates every owned tree, waits for final states, refuses new starts. */
  close(): Promise<void>;
}

const CLOSED_MESSAGE =
  "The owning process session has been closed; no new process can be started. Start a new session.";

/** Creates one mounted instance's process manager; see `ProcessManagerOptions` for every option. */
export function createProcessManager(options: ProcessManagerOptions): ProcessManager {
  return new ManagedProcesses(options);
}

class ManagedProcesses implements ProcessManager {
  readonly ownerId = randomBytes(16).toString("hex");
  readonly #options: ProcessManagerOptions;
  readonly #platform: NodeJS.Platform;
  readonly #concurrency: ConcurrencyCounter;
  readonly #stdin: StdinDecision;
  readonly #table: ProcessTable;
  readonly #teardown: TreeTeardown;
  readonly #fence = new SerialQueue();
  readonly #launcher: Launcher;
  #closed = false;
  #closing: Promise<void> | null = null;

  constructor(options: ProcessManagerOptions) {
    this.#options = options;
    this.#platform = options.platform ?? process.platform;
    this.#concurrency = options.concurrency ?? createConcurrencyCounter(options.maxConcurrent);
    this.#launcher =
      options.launcher ??
      createLocalLauncher({
        platform: this.#platform,
        loadPty: () => loadPty(options.importPty),
        ...(options.terminateTree ? { terminateTree: options.terminateTree } : {}),
      });
    this.#table = new ProcessTable(options.maxProcesses);
    this.#teardown = new TreeTeardown({
      graceMs: options.killGraceMs,
      exitAfterTeardownMs: options.exitAfterTeardownMs ?? EXIT_AFTER_TEARDOWN_MS,
    });
    this.#stdin = options.stdin;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async start(input: StartInput, context: StartContext = {}): Promise<ProcessPage> {
    const parsed = parseActionInput(startInputSchema, input);
    this.#refuseIfClosed();
    const pty = parsed.pty === true;
    if (pty && !this.#options.ptyAllowed) {
      throw new ManagedProcessError(
        "pty_unavailable",
        "pty: true needs the host option managed_pty=true, which this host has not set. Start without pty (output then comes over pipes).",
      );
    }
    if (pty) await this.#requireTerminal();
    const timeoutSeconds = parsed.timeout ?? this.#options.defaultTimeoutSeconds;
    const questionIds = parsed.question_ids ?? [];
    const cwd = context.cwd ?? this.#options.cwd ?? currentDirectory();
    // Judged where it starts, as every door judges: the admission's verdict for this command here,
    // else the gate now, with the directory, the environment and the shell.
    const verdict = judgeStart(
      parsed.command,
      { cwd, env: this.#options.baseEnvironment ?? process.env, shell: await this.#resolve() },
      { verdict: context.verdict, check: this.#options.check },
    );
    if (verdict && !verdict.allowed) throw new ManagedProcessError("blocked", blockedText(verdict));
    // Fail fast before asking the host anything; both are checked again inside the fence.
    this.#checkCapacity();

    return this.#fence.run(async () => {
      await admitQuestions(questionIds, this.#options.admitQuestions);
      this.#refuseIfClosed();
      if (context.signal?.aborted) throw cancelledBeforeSpawn();
      this.#checkCapacity();
      if (!this.#concurrency.tryAcquire()) throw concurrencyLimit(this.#concurrency);
      let record: ProcessRecord;
      let launched: Launched;
      try {
        this.#table.makeRoom();
        record = this.#createRecord(pty, timeoutSeconds, questionIds);
        launched = await this.#launch(record, parsed.command, cwd, pty);
      } catch (error) {
        this.#concurrency.release();
        throw error;
      }
      record.launched = launched;
      this.#table.add(record);
      void superviseManagedProcess(record, launched, {
        stop: (target, reason) => this.#stop(target, reason),
        sweep: (target) => this.#teardown.sweep(target),
        outputDrainMs: this.#options.outputDrainMs ?? OUTPUT_DRAIN_MS,
        now: () => this.#now(),
        onSettled: () => this.#concurrency.release(),
        statusOf: (target) => statusReceipt(target),
      });
      await record.observeStarted(statusReceipt(record));
      // A start that raced with shutdown or cancellation is stopped, not left running.
      if (this.#closed) {
        await this.#stop(record, "session_closed");
        await record.settled;
        throw new ManagedProcessError(
          "session_closed",
          `${CLOSED_MESSAGE} The process was stopped as it started.`,
        );
      }
      if (context.signal?.aborted) {
        await this.#stop(record, "cancel");
        await record.settled;
        throw new ManagedProcessError(
          "cancelled",
          "The start was cancelled; the process was stopped as it started.",
        );
      }
      return pageReceipt(record, record.ring.page(0, READ_MAX_BYTES_DEFAULT));
    });
  }

  async read(input: ReadInput): Promise<ProcessPage> {
    const parsed = parseActionInput(readInputSchema, input);
    const record = this.#lookup(parsed.process_id);
    return pageReceipt(record, record.ring.page(parsed.cursor, parsed.max_bytes));
  }

  async wait(input: WaitInput): Promise<ProcessPage> {
    const parsed = parseActionInput(waitInputSchema, input);
    const record = this.#lookup(parsed.process_id);
    // Validates the cursor before waiting, so a bad cursor fails at once.
    record.ring.page(parsed.cursor, parsed.max_bytes);
    const deadline = Date.now() + parsed.wait_ms;
    for (
      let remaining = parsed.wait_ms;
      remaining > 0 && !record.final && !record.ring.hasOutputAfter(parsed.cursor);
      remaining = deadline - Date.now()
    ) {
      await record.waitForChange(remaining);
    }
    return pageReceipt(record, record.ring.page(parsed.cursor, parsed.max_bytes));
  }

  async status(input: StatusInput): Promise<ProcessStatus> {
    const parsed = parseActionInput(statusInputSchema, input);
    return statusReceipt(this.#lookup(parsed.process_id));
  }

  async write(input: WriteInput): Promise<WriteReceipt> {
    const parsed = parseActionInput(writeInputSchema, input);
    const record = this.#lookup(parsed.process_id);
    const data = parsed.stdin ?? "";
    if (data.length > 0 && !this.#stdin.allowed) {
      throw new ManagedProcessError("stdin_refused", this.#stdin.reason);
    }
    const run = record.writeChain.then(async () => {
      const bytesWritten = await deliverInput(record, data, parsed.close_stdin === true, {
        platform: this.#platform,
        writeTimeoutMs: this.#options.stdinWriteTimeoutMs ?? STDIN_WRITE_TIMEOUT_MS,
      });
      return { ...statusReceipt(record), bytes_written: bytesWritten };
    });
    record.writeChain = run.catch(() => undefined);
    return run;
  }

  async terminate(input: TerminateInput): Promise<ProcessStatus> {
    const parsed = parseActionInput(terminateInputSchema, input);
    const record = this.#lookup(parsed.process_id);
    // An exit already observed keeps its result: nothing is left to cancel.
    if (!record.exitObserved && !record.final) await this.#stop(record, "cancel");
    await record.settled;
    return statusReceipt(record);
  }

  async list(input: ListInput = {}): Promise<ProcessList> {
    parseActionInput(listInputSchema, input);
    return {
      owner_id: this.ownerId,
      stdin_allowed: this.#stdin.allowed,
      pty: this.#options.ptyAllowed && (await this.#launcher.canLaunchTerminal()),
      observer_available: this.#options.observe !== undefined,
      processes: this.#table.values().map(statusReceipt),
    };
  }

  validateProcessOwner(processId: string, ownerId: string): void {
    if (this.#closed || ownerId !== this.ownerId || !this.#table.has(processId)) {
      throw new ManagedProcessError(
        "wrong_owner",
        "The process belongs to a different or retired mounted owner; it cannot be controlled from here.",
      );
    }
  }

  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= (async () => {
      // A start inside the fence finishes spawning (and sees `closed`) before records are collected.
      await this.#fence.run(async () => undefined);
      const records = this.#table.values();
      await Promise.all(
        records.map(async (record) => {
          if (!record.exitObserved && !record.final) await this.#stop(record, "session_closed");
          await record.settled;
        }),
      );
    })();
    return this.#closing;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }

  #refuseIfClosed(): void {
    if (this.#closed) throw new ManagedProcessError("session_closed", CLOSED_MESSAGE);
  }

  #checkCapacity(): void {
    const { limit, active } = this.#concurrency;
    if (limit !== undefined && active >= limit) throw concurrencyLimit(this.#concurrency);
    this.#table.checkRoom();
  }

  #createRecord(pty: boolean, timeoutSeconds: number, questionIds: readonly string[]): ProcessRecord {
    const processId = createProcessId();
    const observe = this.#options.observe;
    const mailbox =
      observe === undefined
        ? null
        : new ObserverMailbox({
            observer: observe,
            operationId: processId,
            ownerId: this.ownerId,
            capacity: OBSERVER_MAILBOX_SIZE,
            asyncDeadlineMs: this.#options.observerDeadlineMs ?? OBSERVER_ASYNC_DEADLINE_MS,
            ...(this.#options.now ? { now: this.#options.now } : {}),
          });
    return new ProcessRecord({
      processId,
      ownerId: this.ownerId,
      pty,
      timeoutSeconds,
      questionIds,
      stdinAllowed: this.#stdin.allowed,
      maxOutputBytes: this.#options.maxOutputBytes,
      maxChunks: MAX_RETAINED_CHUNKS,
      guard: this.#options.guardBinary ?? guardBinary,
      mailbox,
      createdAt: this.#now(),
    });
  }

  #resolution: Promise<ShellResolution> | undefined;

  /**
   * The shell to start in: the caller's resolution, else on Windows the real one (Git Bash, WSL,
   * or the no-bash fallback), resolved once like createShellgate does; plain bash on POSIX.
   */
  #resolve(): Promise<ShellResolution> {
    if (this.#options.resolution) return Promise.resolve(this.#options.resolution);
    if (this.#platform !== "win32" || process.platform !== "win32") {
      return Promise.resolve(defaultResolution(this.#platform));
    }
    this.#resolution ??= resolveShell(createRealHost({ env: this.#options.baseEnvironment ?? process.env }), {
      ...(this.#options.windowsShell === undefined ? {} : { windowsShell: this.#options.windowsShell }),
      ...(this.#options.bashPath === undefined ? {} : { bashPath: this.#options.bashPath }),
    });
    return this.#resolution;
  }

  /** Whether a terminal start can work: node-pty loads here, or the host's launcher offers one. */
  async #requireTerminal(): Promise<void> {
    if (!this.#options.launcher) {
      await requirePty(this.#options.importPty);
      return;
    }
    if (!(await this.#launcher.canLaunchTerminal())) {
      throw new ManagedProcessError(
        "pty_unavailable",
        "This host's launcher offers no terminal; start without pty (output then comes over pipes).",
      );
    }
  }

  async #launch(record: ProcessRecord, command: string, cwd: string, terminal: boolean): Promise<Launched> {
    const started = await launchManagedStart({
      processId: record.processId,
      command,
      cwd,
      resolution: await this.#resolve(),
      platform: this.#platform,
      terminal,
      baseEnvironment: this.#options.baseEnvironment ?? process.env,
      environment: this.#options.environment,
      sandbox: this.#options.sandbox,
      spillDirectory: this.#options.spillDirectory,
      planSpawn: this.#options.planSpawn,
      launcher: this.#launcher,
      onOutput: (stream, bytes) => record.appendOutput(stream, bytes),
    });
    record.sandboxTrailer = started.trailer;
    return started.launched;
  }

  #stop(record: ProcessRecord, reason: TerminationReason): Promise<void> {
    return this.#teardown.stop(record, reason);
  }

  #lookup(processId: string): ProcessRecord {
    return this.#table.get(processId);
  }
}

function concurrencyLimit(counter: ConcurrencyCounter): ManagedProcessError {
  return new ManagedProcessError(
    "concurrency_limit",
    `max_concurrent=${counter.limit} commands are already active (managed processes count for their whole lifetime); wait for one to finish or terminate one, then start again.`,
  );
}

function cancelledBeforeSpawn(): ManagedProcessError {
  return new ManagedProcessError(
    "cancelled",
    "The start was cancelled before the process was spawned; nothing ran.",
  );
}
