import { z } from "zod";
import { PROCESS_STATES } from "../../reports/process-states.js";

// Managed-process receipts under the contract's names. The fields every receipt has are required;
// the rest are optional so an added counter never breaks a validating client.

function buildProcessResultSchemas() {
  const status = z.looseObject({
    process_id: z.string(),
    state: z.enum(PROCESS_STATES),
    returncode: z.number().nullable(),
    cancellation_requested: z.boolean().optional(),
    termination_reason: z.enum(["cancel", "timeout", "session_closed"]).nullable().optional(),
    output_complete: z.boolean().optional(),
    pid: z.number().nullable().optional(),
    owner_id: z.string().optional(),
    timeout: z.number().optional(),
    pty: z.boolean().optional(),
    stdin_allowed: z.boolean().optional(),
    stdin_closed: z.boolean().optional(),
    output_streams: z.enum(["separate", "merged"]).optional(),
    eof_semantics: z.enum(["pipe_half_close", "canonical_terminal_eof"]).optional(),
    total_output_bytes: z.number().optional(),
    dropped_output_bytes: z.number().optional(),
    earliest_cursor: z.number().optional(),
    latest_cursor: z.number().optional(),
  });
  const chunk = z.looseObject({
    stream: z.enum(["stdout", "stderr", "terminal"]),
    text: z.string(),
    cursor: z.number(),
  });
  const page = status.extend({
    cursor: z.number(),
    next_cursor: z.number(),
    chunks: z.array(chunk),
    cursor_expired: z.boolean(),
    has_more: z.boolean(),
    sandbox: z.string().optional(),
  });
  const list = z.looseObject({
    owner_id: z.string().optional(),
    stdin_allowed: z.boolean().optional(),
    pty: z.boolean().optional(),
    processes: z.array(status),
  });
  return { status, page, list };
}

let built: ReturnType<typeof buildProcessResultSchemas> | undefined;

/**
 * The receipts' schemas, built when the process tools are first made rather than at import (a
 * start-up cost every import paid, with managed processes off or on).
 */
export function processResultSchemas(): ReturnType<typeof buildProcessResultSchemas> {
  built ??= buildProcessResultSchemas();
  return built;
}
