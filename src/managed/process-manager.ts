import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { buildEnvironment } from "../environment/build-environment.js";
import { guardBinary } from "../io/binary-guard.js";
import { planSpawn } from "../spawn/plan-spawn.js";
import { isGroupAlive } from "../terminate/process-alive.js";
import { terminateTree } from "../terminate/terminate-tree.js";
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
import { type ConcurrencyCounter, createConcurrencyCounter } from "./lifecycle/concurrency-counter.js";
import { createProcessId } from "./lifecycle/process-id.js";
import { ProcessRecord } from "./lifecycle/process-record.js";
import type { TerminationReason } from "./lifecycle/process-state.js";
import { admitQuestions } from "./lifecycle/question-admission.js";
import { SerialQueue } from "./lifecycle/serial-queue.js";
import { decideStdinPolicy, type StdinDecision } from "./lifecycle/stdin-policy.js";
import { superviseProcess } from "./lifecycle/supervise-process.js";
import {
  EVICTED_IDS_REMEMBERED,
  EXIT_AFTER_TEARDOWN_MS,
  MAX_RETAINED_CHUNKS,
  OBSERVER_ASYNC_DEADLINE_MS,
  OBSERVER_MAILBOX_SIZE,
  OUTPUT_DRAIN_MS,
  STDIN_WRITE_TIMEOUT_MS,
} from "./limits.js";
import { ManagedProcessError } from "./managed-process-error.js";
import { ObserverMailbox } from "./observer/observer-mailbox.js";
import type { PlanSpawnFunction, ProcessManagerOptions, StartContext } from "./process-manager-options.js";
import {
  type ProcessPage,
  type ProcessStatus,
  pageReceipt,
  statusReceipt,
} from "./receipts/status-receipt.js";
import { defaultResolution, MANAGED_MARKER_VARIABLE, planManagedStart } from "./spawn/plan-managed-start.js";
import { loadPty, requirePty } from "./terminal/pty-loader.js";
import { planTerminalEof } from "./terminal/terminal-eof.js";
import { readTerminalMode } from "./terminal/terminal-mode.js";
import { spawnPipeTransport } from "./transport/pipe-transport.js";
import { spawnPtyTransport } from "./transport/pty-transport.js";
import type { ManagedTransport } from "./transport/transport.js";

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
  readonly #records = new Map<string, ProcessRecord>();
  readonly #evicted = new Set<string>();
  readonly #fence = new SerialQueue();
  readonly #planSpawn: PlanSpawnFunction;
  #closed = false;
  #closing: Promise<void> | null = null;

  constructor(options: ProcessManagerOptions) {
    this.#options = options;
    this.#platform = options.platform ?? process.platform;
    this.#concurrency = options.concurrency ?? createConcurrencyCounter(options.config.max_concurrent);
    this.#planSpawn = options.planSpawn ?? planSpawn;
    const { config } = options;
    this.#stdin = decideStdinPolicy({
      managedStdin: config.managed_stdin,
      safetyProfile: config.safety_profile,
      allowedCommands: config.allowed_commands,
      deniedCommands: config.denied_commands,
      safetyOverrides: config.safety_overrides,
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  async start(input: StartInput, context: StartContext = {}): Promise<ProcessPage> {
    const parsed = parseActionInput(startInputSchema, input);
    this.#refuseIfClosed();
    const { config } = this.#options;
    const pty = parsed.pty === true;
    if (pty && config.managed_pty !== true) {
      throw new ManagedProcessError(
        "pty_unavailable",
        "pty: true needs the host option managed_pty=true, which this host has not set. Start without pty (output then comes over pipes).",
      );
    }
    const ptyModule = pty ? await requirePty(this.#options.importPty) : null;
    const verdict = this.#options.check(parsed.command);
    if (!verdict.allowed) {
      throw new ManagedProcessError(
        "blocked",
        verdict.reason ??
          `The command was blocked by the ${verdict.profile} safety profile; nothing was started.`,
      );
    }
    const timeoutSeconds = parsed.timeout ?? config.timeout;
    const questionIds = parsed.question_ids ?? [];
    const cwd = context.cwd ?? this.#options.cwd ?? config.working_dir ?? process.cwd();
    if (this.#options.approve) {
      const approved = await this.#options.approve({
        action: "start",
        command: parsed.command,
        timeout: timeoutSeconds,
        pty,
        question_ids: questionIds,
        cwd,
      });
      if (approved !== true) {
        throw new ManagedProcessError(
          "not_approved",
          "The host did not approve this start; nothing was started.",
        );
      }
    }
    // Fail fast before asking the host anything; both are checked again inside the fence.
    this.#checkCapacity();

    return this.#fence.run(async () => {
      await admitQuestions(questionIds, this.#options.admitQuestions);
      this.#refuseIfClosed();
      if (context.signal?.aborted) throw cancelledBeforeSpawn();
      this.#checkCapacity();
      if (!this.#concurrency.tryAcquire()) throw concurrencyLimit(this.#concurrency);
      let record: ProcessRecord;
      let transport: ManagedTransport;
      try {
        this.#makeRoom();
        record = this.#createRecord(pty, timeoutSeconds, questionIds);
        transport = await this.#spawn(record, parsed.command, cwd, ptyModule);
      } catch (error) {
        this.#concurrency.release();
        throw error;
      }
      record.transport = transport;
      this.#records.set(record.processId, record);
      void superviseProcess(record, transport, {
        stop: (target, reason) => this.#stop(target, reason),
        sweep: (target) => this.#sweep(target),
        outputDrainMs: this.#options.outputDrainMs ?? OUTPUT_DRAIN_MS,
        now: () => this.#now(),
        onSettled: () => this.#concurrency.release(),
        statusOf: (target) => statusReceipt(target),
      });
      await record.options.mailbox?.postAndWait("started", { status: statusReceipt(record) });
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
      return pageReceipt(record, record.ring.page(0, 16_384));
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
    const run = record.writeChain.then(() => this.#deliverInput(record, data, parsed.close_stdin === true));
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
      pty: this.#options.config.managed_pty === true && (await loadPty(this.#options.importPty)) !== null,
      observer_available: this.#options.observe !== undefined,
      processes: [...this.#records.values()].map(statusReceipt),
    };
  }

  validateProcessOwner(processId: string, ownerId: string): void {
    if (this.#closed || ownerId !== this.ownerId || !this.#records.has(processId)) {
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
      const records = [...this.#records.values()];
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
    const max = this.#options.config.managed_max_processes;
    if (this.#records.size >= max && ![...this.#records.values()].some((record) => record.final)) {
      throw recordLimit(max);
    }
  }

  /** Evicts the oldest completed record when the table is full; rejects when every record is active. */
  #makeRoom(): void {
    const max = this.#options.config.managed_max_processes;
    while (this.#records.size >= max) {
      const oldest = [...this.#records.values()].find((record) => record.final);
      if (oldest === undefined) throw recordLimit(max);
      this.#records.delete(oldest.processId);
      this.#evicted.add(oldest.processId);
      if (this.#evicted.size > EVICTED_IDS_REMEMBERED) {
        this.#evicted.delete(this.#evicted.values().next().value as string);
      }
    }
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
      maxOutputBytes: this.#options.config.managed_max_output_bytes,
      maxChunks: MAX_RETAINED_CHUNKS,
      guard: this.#options.guardBinary ?? guardBinary,
      mailbox,
      createdAt: this.#now(),
    });
  }

  async #spawn(
    record: ProcessRecord,
    command: string,
    cwd: string,
    ptyModule: Awaited<ReturnType<typeof requirePty>> | null,
  ): Promise<ManagedTransport> {
    const { config } = this.#options;
    const environment = buildEnvironment(this.#options.baseEnvironment ?? process.env, {
      scrub: config.env_scrub,
      allow: config.env_allow,
      deny: config.env_deny,
      platform: this.#platform,
    });
    let plan: ReturnType<typeof planManagedStart>;
    try {
      plan = planManagedStart(
        {
          resolution: this.#options.resolution ?? defaultResolution(this.#platform),
          command,
          cwd,
          pty: ptyModule !== null,
          processId: record.processId,
          environment,
        },
        this.#planSpawn,
      );
    } catch (error) {
      throw new ManagedProcessError("spawn_failed", `The command could not be planned: ${messageOf(error)}`);
    }
    const handlers = {
      onOutput: (stream: "stdout" | "stderr" | "terminal", bytes: Uint8Array) =>
        record.appendOutput(stream, bytes),
    };
    try {
      const transport =
        ptyModule === null
          ? await spawnPipeTransport(plan.spawn, this.#platform, handlers)
          : await spawnPtyTransport(ptyModule, plan.spawn, this.#platform, handlers);
      if (plan.spawn.stdinText !== undefined) await transport.write(plan.spawn.stdinText);
      return transport;
    } catch (error) {
      const missingCwd = await stat(cwd).then(
        (entry) => !entry.isDirectory(),
        () => true,
      );
      throw new ManagedProcessError(
        "spawn_failed",
        missingCwd
          ? `The working directory ${cwd} does not exist or is not a directory; nothing was started.`
          : `The process could not be started: ${messageOf(error)}`,
      );
    }
  }

  /** Requests cancellation (or records the timeout) and runs the one shared teardown. */
  #stop(record: ProcessRecord, reason: TerminationReason): Promise<void> {
    if (record.exitObserved || record.final) return record.stopping ?? Promise.resolve();
    if (record.terminationReason === null) {
      record.terminationReason = reason;
      if (reason !== "timeout") {
        record.cancellationRequested = true;
        record.state = "cancel_requested";
      }
      record.options.mailbox?.post("state", { status: statusReceipt(record) });
      record.notify();
    }
    record.stopping ??= this.#teardown(record).then(() => {
      const timer = setTimeout(
        () => record.giveUpOnExit(),
        this.#options.exitAfterTeardownMs ?? EXIT_AFTER_TEARDOWN_MS,
      );
      void record.settled.then(() => clearTimeout(timer));
    });
    return record.stopping;
  }

  /**
   * After a normal exit, closes what is left of the process group. An empty group means nothing
   * to sweep, which skips a process-table scan per exit. On Windows the parent link is gone with
   * the parent, so there is no tree left to find.
   */
  async #sweep(record: ProcessRecord): Promise<void> {
    const pid = record.transport?.pid;
    if (pid === undefined || this.#platform === "win32" || !isGroupAlive(pid)) return;
    await this.#teardown(record);
  }

  async #teardown(record: ProcessRecord): Promise<void> {
    const pid = record.transport?.pid;
    if (pid === undefined) return;
    const terminate = this.#options.terminateTree ?? terminateTree;
    try {
      await terminate(pid, {
        graceMs: this.#options.config.kill_grace_ms,
        platform: this.#platform,
        marker: { name: MANAGED_MARKER_VARIABLE, value: record.processId },
      });
    } catch (error) {
      record.outputError ??= `Process-tree teardown failed: ${messageOf(error)}`;
    }
  }

  async #deliverInput(record: ProcessRecord, data: string, closeInput: boolean): Promise<WriteReceipt> {
    const transport = record.transport!;
    if (record.exitObserved || record.final) {
      throw new ManagedProcessError(
        "process_exited",
        "The process has exited, so it takes no more input; read its output, or start a new process.",
      );
    }
    let bytesWritten = 0;
    if (data.length > 0) {
      if (record.stdinClosed) throw stdinClosed();
      await this.#writeWithDeadline(record, transport, data);
      bytesWritten = Buffer.byteLength(data, "utf8");
    }
    if (closeInput && !record.stdinClosed) {
      if (transport.pty) {
        const mode = await readTerminalMode(this.#platform, transport.terminalDevice);
        const eof = planTerminalEof(this.#platform, mode);
        if ("refuse" in eof) throw new ManagedProcessError("terminal_eof_refused", eof.refuse);
        await transport.closeInput(eof.send);
      } else {
        await transport.closeInput();
      }
      record.stdinClosed = true;
    }
    return { ...statusReceipt(record), bytes_written: bytesWritten };
  }

  async #writeWithDeadline(record: ProcessRecord, transport: ManagedTransport, data: string): Promise<void> {
    const timeoutMs = this.#options.stdinWriteTimeoutMs ?? STDIN_WRITE_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const outcome = await Promise.race([transport.write(data).then(() => "written" as const), deadline]);
      if (outcome === "timeout") {
        // Input writes are not idempotent: part of it may be delivered. Close input so nothing
        // queued behind it lands later, and say so.
        record.stdinClosed = true;
        transport.abortInput();
        throw new ManagedProcessError(
          "stdin_outcome_unknown",
          `Stdin delivery outcome unknown after ${timeoutMs / 1000} seconds (the process is not reading its input); input is now closed. Do not automatically retry: some bytes may already have been delivered.`,
        );
      }
    } catch (error) {
      if (error instanceof ManagedProcessError) throw error;
      record.stdinClosed = true;
      throw new ManagedProcessError(
        "stdin_closed",
        `The process's input is closed (${messageOf(error)}); it may have exited or closed its stdin.`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  #lookup(processId: string): ProcessRecord {
    const record = this.#records.get(processId);
    if (record !== undefined) return record;
    if (this.#evicted.has(processId)) {
      throw new ManagedProcessError(
        "evicted_process",
        `Process ${processId} was evicted from this session's records after it completed, to make room for newer processes (managed_max_processes=${this.#options.config.managed_max_processes}); its result and output are gone. No process was resumed or restarted.`,
      );
    }
    throw new ManagedProcessError(
      "unknown_process",
      "Unknown process_id in this mounted session; no process was resumed or restarted. Use action=list to see this session's processes.",
    );
  }
}

function concurrencyLimit(counter: ConcurrencyCounter): ManagedProcessError {
  return new ManagedProcessError(
    "concurrency_limit",
    `max_concurrent=${counter.limit} commands are already active (managed processes count for their whole lifetime); wait for one to finish or terminate one, then start again.`,
  );
}

function recordLimit(max: number): ManagedProcessError {
  return new ManagedProcessError(
    "record_limit",
    `Managed process record limit reached (${max} active processes); terminate a process before starting another.`,
  );
}

function cancelledBeforeSpawn(): ManagedProcessError {
  return new ManagedProcessError(
    "cancelled",
    "The start was cancelled before the process was spawned; nothing ran.",
  );
}

function stdinClosed(): ManagedProcessError {
  return new ManagedProcessError(
    "stdin_closed",
    "Process stdin is closed (close_stdin was sent, or an earlier write timed out); no input was written.",
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
