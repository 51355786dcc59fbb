/** A configuration shellgate did not understand. Its message names the key and what is allowed. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  /** The top-level keys the problems are about (the CLI exits 69 when all are `executor`). */
  readonly keys: readonly string[];

  constructor(message: string, keys: readonly string[] = []) {
    super(message);
    this.keys = keys;
  }
}
