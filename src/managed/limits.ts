// The numbers the contract fixes. Kept together so the schema, the ring and the docs agree.

/** Chunks retained per process, whatever their size. */
export const MAX_RETAINED_CHUNKS = 1024;
/** Source bytes per chunk: one reader pass per stream yields chunks of at most this size. */
export const CHUNK_SOURCE_BYTES = 4096;
export const READ_MAX_BYTES_MIN = 4096;
export const READ_MAX_BYTES_MAX = 100_000;
export const READ_MAX_BYTES_DEFAULT = 16_384;
export const WAIT_MS_MAX = 60_000;
export const WAIT_MS_DEFAULT = 1000;
export const LIFETIME_SECONDS_MIN = 1;
export const LIFETIME_SECONDS_MAX = 3600;
export const STDIN_MAX_BYTES = 65_536;
export const QUESTION_IDS_MAX = 32;
export const QUESTION_ID_MAX_LENGTH = 200;
/** A stdin write not handed to the OS within this time has an unknown outcome. */
export const STDIN_WRITE_TIMEOUT_MS = 5000;
/** How long streams may keep draining after the process exited before output is declared incomplete. */
export const OUTPUT_DRAIN_MS = 2000;
export const OBSERVER_MAILBOX_SIZE = 32;
export const OBSERVER_ASYNC_DEADLINE_MS = 500;
/** Evicted process ids remembered so a later call can say "evicted" instead of "unknown". */
export const EVICTED_IDS_REMEMBERED = 4096;
/** After teardown, how long the exit may take to be observed before the outcome is unknown. */
export const EXIT_AFTER_TEARDOWN_MS = 5000;
