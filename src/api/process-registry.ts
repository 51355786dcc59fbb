import type { ProcessManager } from "../managed/process-manager.js";

/**
 * One process manager per owner: a manager is one "mounted instance" of the contract, so handles
 * of one session can never be read or stopped by another. Managers are created on first use.
 */
export class ProcessRegistry {
  readonly #create: () => ProcessManager;
  readonly #managers = new Map<string, ProcessManager>();
  #closed = false;

  constructor(create: () => ProcessManager) {
    this.#create = create;
  }

  /** The manager of `ownerId`; callers with no owner share one anonymous manager. */
  for(ownerId: string | undefined): ProcessManager {
    const key = ownerId ?? "";
    let manager = this.#managers.get(key);
    if (!manager) {
      manager = this.#create();
      // After close a new manager would outlive the instance; create it closed so starts are refused.
      if (this.#closed) void manager.close();
      this.#managers.set(key, manager);
    }
    return manager;
  }

  get size(): number {
    return this.#managers.size;
  }

  /** Terminates every owner's processes and waits for their final states. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#managers.values()].map((manager) => manager.close()));
  }
}
