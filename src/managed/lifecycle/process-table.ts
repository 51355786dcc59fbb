import { EVICTED_IDS_REMEMBERED } from "../limits.js";
import { ManagedProcessError } from "../managed-process-error.js";
import type { ProcessRecord } from "./process-record.js";

/**
 * The bounded set of one instance's process records, oldest first. When full, a new start evicts
 * the oldest final record or is refused; evicted ids are remembered so a later call can say so.
 */
/** How the refusal of an unknown id says to list; a surface with a separate list tool rewords it. */
export const LIST_HINT = "Use action=list to see this session's processes.";

export class ProcessTable {
  readonly #max: number;
  readonly #records = new Map<string, ProcessRecord>();
  readonly #evicted = new Set<string>();

  constructor(max: number) {
    this.#max = max;
  }

  get size(): number {
    return this.#records.size;
  }

  values(): ProcessRecord[] {
    return [...this.#records.values()];
  }

  has(processId: string): boolean {
    return this.#records.has(processId);
  }

  add(record: ProcessRecord): void {
    this.#records.set(record.processId, record);
  }

  /** Throws the record-limit error when a start could not get a slot even by eviction. */
  checkRoom(): void {
    if (this.#records.size >= this.#max && !this.values().some((record) => record.final)) {
      throw recordLimit(this.#max);
    }
  }

  /** Evicts oldest final records until a new one fits; refuses when every record is active. */
  makeRoom(): void {
    while (this.#records.size >= this.#max) {
      const oldest = this.values().find((record) => record.final);
      if (oldest === undefined) throw recordLimit(this.#max);
      this.#records.delete(oldest.processId);
      this.#evicted.add(oldest.processId);
      if (this.#evicted.size > EVICTED_IDS_REMEMBERED) {
        this.#evicted.delete(this.#evicted.values().next().value as string);
      }
    }
  }

  /** The record, or an error that says whether the id was evicted or never belonged here. */
  get(processId: string): ProcessRecord {
    const record = this.#records.get(processId);
    if (record !== undefined) return record;
    if (this.#evicted.has(processId)) {
      throw new ManagedProcessError(
        "evicted_process",
        `Process ${processId} was evicted from this session's records after it completed, to make room for newer processes (managed_max_processes=${this.#max}); its result and output are gone. No process was resumed or restarted.`,
      );
    }
    throw new ManagedProcessError(
      "unknown_process",
      `Unknown process_id in this mounted session; no process was resumed or restarted. ${LIST_HINT}`,
    );
  }
}

function recordLimit(max: number): ManagedProcessError {
  return new ManagedProcessError(
    "record_limit",
    `Managed process record limit reached (${max} active processes); terminate a process before starting another.`,
  );
}
