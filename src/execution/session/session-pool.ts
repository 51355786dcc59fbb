import type { ShellState } from "./resident-shell.js";
import { decideRoom, restartNotice, type SessionEnd } from "./session-bounds.js";
import type { SessionShell } from "./session-shell.js";

export const DEFAULT_MAX_SESSIONS = 16;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface SessionPoolOptions {
  readonly maxSessions: number;
  readonly idleMs: number;
  /**
   * Starts a new resident shell (in the instance's directory, with the instance's environment);
   * resolves once it runs, rejects when it cannot start (nothing is left then).
   */
  readonly open: () => Promise<SessionShell>;
  /** Where a new shell starts, as the restart notice names it. */
  readonly startDirectory: string;
}

interface Session {
  readonly shell: SessionShell;
  /** The pool's use count when this session was last given back: recency without clock ties. */
  lastUsed: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** The tail of this owner's queue: one command at a time per session. */
  queue: Promise<void>;
}

/** A shell lent for one command. */
export interface Lease {
  readonly shell: SessionShell;
  /** Set when an earlier shell of this owner had ended: the model is told this one is new. */
  readonly notice?: string;
  /** Gives the shell back (starts its idle clock); call exactly once. */
  release(): void;
}

/** Raised when every one of `max_sessions` sessions is running a command. */
export class SessionLimitError extends Error {
  override readonly name = "SessionLimitError";
}

const ANONYMOUS = "\u0000no-owner";

/**
 * One resident shell per owner id, at most `maxSessions` of them: a new owner takes the place of
 * the least recently used idle session; a session idle for `idleMs` is ended; an owner whose shell
 * ended is told so on its next call. Commands of one owner run one at a time, in call order.
 */
export class SessionPool {
  readonly #options: SessionPoolOptions;
  readonly #sessions = new Map<string, Session>();
  readonly #ended = new Map<string, SessionEnd>();
  /** Shells being started, so two first calls of one owner share one. */
  readonly #starting = new Map<string, Promise<Session>>();
  #closed = false;
  /**
   * Counts starts and releases. Recency is this order, not Date.now(): commands finishing within
   * one millisecond would tie and the LRU choice would fall to map order.
   */
  #uses = 0;

  constructor(options: SessionPoolOptions) {
    this.#options = options;
  }

  /** The state the owner's next command starts in; undefined when it has no live shell. */
  state(owner: string | undefined): ShellState | undefined {
    const session = this.#sessions.get(owner ?? ANONYMOUS);
    return session?.shell.alive ? session.shell.state : undefined;
  }

  /** Owners with a live shell. */
  get size(): number {
    return this.#sessions.size;
  }

  /** Waits for the owner's turn, then lends its shell (starting one when there is none). */
  async acquire(owner: string | undefined): Promise<Lease> {
    if (this.#closed) throw new SessionLimitError("the shellgate instance is closed");
    const key = owner ?? ANONYMOUS;
    let session = this.#sessions.get(key);
    if (session && !session.shell.alive) {
      this.#forget(key, session);
      session = undefined;
    }
    if (!session) {
      let starting = this.#starting.get(key);
      if (!starting) {
        starting = this.#start(key).finally(() => this.#starting.delete(key));
        this.#starting.set(key, starting);
      }
      session = await starting;
    }
    const previous = session.queue;
    let release!: () => void;
    session.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const current = session;
    if (!current.shell.alive) {
      // The shell ended during the command queued before this one: that owner starts afresh.
      release();
      return this.acquire(owner);
    }
    if (current.idleTimer) clearTimeout(current.idleTimer);
    current.idleTimer = undefined;
    const ended = this.#ended.get(key);
    this.#ended.delete(key);
    let released = false;
    return {
      shell: current.shell,
      ...(ended ? { notice: restartNotice(ended, this.#options.startDirectory) } : {}),
      release: () => {
        if (released) return;
        released = true;
        current.lastUsed = ++this.#uses;
        if (!current.shell.alive) {
          this.#forget(key, current);
        } else {
          current.idleTimer = setTimeout(() => this.#expire(key, current), this.#options.idleMs);
          current.idleTimer.unref();
        }
        release();
      },
    };
  }

  /** Records why an owner's shell ended during its command, for the next call's notice. */
  noteEnded(owner: string | undefined, detail: string): void {
    this.#ended.set(owner ?? ANONYMOUS, { kind: "shell-ended", detail });
  }

  async #start(key: string): Promise<Session> {
    const room = decideRoom(
      [...this.#sessions.entries()].map(([owner, session]) => ({
        owner,
        lastUsed: session.lastUsed,
        busy: session.shell.busy || session.idleTimer === undefined,
      })),
      this.#options.maxSessions,
    );
    if (room.kind === "full") {
      throw new SessionLimitError(
        `all ${this.#options.maxSessions} sessions (max_sessions) are running a command; wait for one to finish, or raise max_sessions`,
      );
    }
    if (room.kind === "evict") {
      const evicted = this.#sessions.get(room.owner);
      if (evicted) {
        this.#forget(room.owner, evicted);
        this.#ended.set(room.owner, { kind: "evicted", maxSessions: this.#options.maxSessions });
        await evicted.shell.close();
      }
    }
    const session: Session = {
      shell: await this.#options.open(),
      lastUsed: ++this.#uses,
      idleTimer: undefined,
      queue: Promise.resolve(),
    };
    this.#sessions.set(key, session);
    return session;
  }

  #expire(key: string, session: Session): void {
    if (this.#sessions.get(key) !== session) return;
    this.#forget(key, session);
    this.#ended.set(key, { kind: "idle", idleMs: this.#options.idleMs });
    void session.shell.close();
  }

  #forget(key: string, session: Session): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    if (this.#sessions.get(key) === session) this.#sessions.delete(key);
  }

  /** Ends every session (the running commands with them) and refuses new ones. */
  async close(): Promise<void> {
    this.#closed = true;
    const sessions = [...this.#sessions.entries()];
    for (const [key, session] of sessions) this.#forget(key, session);
    await Promise.all(sessions.map(([, session]) => session.shell.close()));
  }
}
