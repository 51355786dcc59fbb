import { LaunchError, type StdinCapability } from "../../execution/launch/launcher.js";
import type { ProcessRecord } from "../lifecycle/process-record.js";
import { ManagedProcessError } from "../managed-process-error.js";
import { planTerminalEof } from "../terminal/terminal-eof.js";
import { launchedTerminalMode } from "../terminal/terminal-mode.js";

export interface DeliverInputOptions {
  readonly platform: NodeJS.Platform;
  readonly writeTimeoutMs: number;
}

/**
 * Writes stdin and/or ends input for one process; returns the UTF-8 bytes written. The stdin
 * policy is checked by the caller; this decides what the process's state allows.
 */
export async function deliverInput(
  record: ProcessRecord,
  data: string,
  closeInput: boolean,
  options: DeliverInputOptions,
): Promise<number> {
  const launched = record.launched!;
  // A terminal takes input as a pipe does; only ending it differs (its EOF characters).
  const input = (launched.pty ?? launched.stdin)!;
  if (record.exitObserved || record.final) {
    throw new ManagedProcessError(
      "process_exited",
      "The process has exited, so it takes no more input; read its output, or start a new process.",
    );
  }
  let bytesWritten = 0;
  if (data.length > 0) {
    if (record.stdinClosed) {
      throw new ManagedProcessError(
        "stdin_closed",
        "Process stdin is closed (close_stdin was sent, or an earlier write timed out); no input was written.",
      );
    }
    await writeWithDeadline(record, input, data, options.writeTimeoutMs);
    bytesWritten = Buffer.byteLength(data, "utf8");
    if (launched.pty) record.lastTerminalInput = data.at(-1);
  }
  if (closeInput && !record.stdinClosed) {
    if (launched.pty) {
      const mode = await launchedTerminalMode(options.platform, launched.pty);
      const eof = planTerminalEof(options.platform, mode, record.lastTerminalInput);
      if ("refuse" in eof) throw new ManagedProcessError("terminal_eof_refused", eof.refuse);
      await input.closeStdin(eof.send);
    } else {
      await closePipe(input, bytesWritten);
    }
    record.stdinClosed = true;
  }
  return bytesWritten;
}

/**
 * Half-closes a pipe. A transport that cannot end input alone (Kubernetes over v4.channel.k8s.io)
 * leaves it open, and the refusal says so and what ends the process's input instead.
 */
async function closePipe(input: StdinCapability, bytesWritten: number): Promise<void> {
  try {
    await input.closeStdin();
  } catch (error) {
    if (!(error instanceof LaunchError) || error.code !== "ENOTSUP") throw error;
    const written = bytesWritten > 0 ? ` The ${bytesWritten} bytes of stdin before it were written.` : "";
    throw new ManagedProcessError(
      "stdin_close_unsupported",
      `${error.message} Stdin stays open: start the process with pty: true to end its input with ^D, or stop it with terminate.${written}`,
    );
  }
}

async function writeWithDeadline(
  record: ProcessRecord,
  input: StdinCapability,
  data: string,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const outcome = await Promise.race([input.write(data).then(() => "written" as const), deadline]);
    if (outcome === "timeout") {
      // Input writes are not idempotent: part of it may be delivered. Close input so nothing
      // queued behind it lands later, and say so.
      record.stdinClosed = true;
      input.abort();
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
      `The process's input is closed (${error instanceof Error ? error.message : String(error)}); it may have exited or closed its stdin.`,
    );
  } finally {
    clearTimeout(timer);
  }
}
