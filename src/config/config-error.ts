/** A configuration shellgate did not understand. Its message names the key and what is allowed. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
