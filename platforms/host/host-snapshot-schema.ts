import { snapshotSchema } from "./snapshot-schema.js";

/**
 * The host-snapshot format (zod), for users who validate or extend snapshots themselves: the same
 * instance `parseHostSnapshot` uses. A module of its own that only the platforms barrel re-exports,
 * so that a bundle entry which merely parses snapshots (the root import, the CLI) builds the schema
 * on first use instead of at every start.
 */
export const hostSnapshotSchema = snapshotSchema();
