const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

/** A top-level key or an id value longer than this is not the one being looked for. */
const KEY_LIMIT = 8;
const VALUE_LIMIT = 256;

/**
 * Finds the top-level `"id"` of a JSON-RPC message that will never be parsed whole: one too large
 * to hold (read in pieces as it streams past) or one that is not valid JSON. Only nesting, strings
 * and escapes are tracked, so it costs one pass and no more memory than the id itself; the SDK
 * writes `id` after `params`, so the whole message is scanned.
 */
export class RequestIdScanner {
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** At depth 1, where a key may start (after `{` or `,`). */
  #expectingKey = false;
  #key: number[] | null = null;
  #lastKey = "";
  #value: number[] | null = null;
  #id: string | number | undefined;

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.#step(byte);
  }

  /** The id, when a complete string or number was found at the top level. */
  get id(): string | number | undefined {
    if (this.#id === undefined && this.#value !== null) this.#settleValue();
    return this.#id;
  }

  #step(byte: number): void {
    const capturing = this.#value !== null;
    if (capturing && this.#value && this.#value.length < VALUE_LIMIT) this.#value.push(byte);
    if (this.#inString) {
      if (this.#key !== null && !this.#escaped && byte !== QUOTE && this.#key.length <= KEY_LIMIT) {
        this.#key.push(byte);
      }
      if (this.#escaped) this.#escaped = false;
      else if (byte === BACKSLASH) this.#escaped = true;
      else if (byte === QUOTE) {
        this.#inString = false;
        if (this.#key !== null) {
          this.#lastKey = Buffer.from(this.#key).toString("latin1");
          this.#key = null;
        }
      }
      return;
    }
    if (byte === QUOTE) {
      this.#inString = true;
      if (this.#depth === 1 && this.#expectingKey) {
        this.#expectingKey = false;
        this.#key = [];
      }
      return;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      this.#depth += 1;
      if (this.#depth === 1) this.#expectingKey = byte === OPEN_BRACE;
      return;
    }
    if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (this.#depth === 1) this.#endValue(true);
      this.#depth -= 1;
      return;
    }
    if (this.#depth !== 1) return;
    if (byte === COLON) {
      if (this.#lastKey === "id" && this.#id === undefined) this.#value = [];
    } else if (byte === COMMA) {
      this.#endValue(true);
      this.#expectingKey = true;
      this.#lastKey = "";
    }
  }

  /** The delimiter that ended the value was captured with it. */
  #endValue(trimLast: boolean): void {
    if (this.#value === null) return;
    if (trimLast) this.#value.pop();
    this.#settleValue();
  }

  #settleValue(): void {
    const raw = Buffer.from(this.#value ?? []).toString("utf8");
    this.#value = null;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
        this.#id = value;
    } catch {
      // not a complete scalar: no id to answer
    }
  }
}

/** The top-level id of a message text that did not parse, or undefined. */
export function recoverRequestId(text: string): string | number | undefined {
  const scanner = new RequestIdScanner();
  scanner.feed(Buffer.from(text, "utf8"));
  return scanner.id;
}
