/**
 * One stream of a resident shell, cut into frames. Bytes before a frame's start marker belong to no
 * command (what a background job of an earlier command printed late) and are dropped; bytes after
 * it are the command's until one of the frame's end markers. A marker split across chunks is held
 * back until it is whole, so no part of one ever reaches the command's output. Pure: no I/O.
 */
export class FrameStream {
  private state: "idle" | "awaiting-start" | "open" | "ended" = "idle";
  private start: Buffer = Buffer.alloc(0);
  private ends: Buffer[] = [];
  private held: Buffer = Buffer.alloc(0);

  constructor(
    private readonly onData: (chunk: Buffer) => void,
    private readonly onEnd: () => void = () => undefined,
  ) {}

  /** Expects a new frame: nothing is passed on until `start` was seen. */
  begin(start: string, end: string): void {
    this.state = "awaiting-start";
    this.start = Buffer.from(start, "utf8");
    this.ends = [Buffer.from(end, "utf8")];
    this.held = Buffer.alloc(0);
  }

  /** Another marker that ends the current frame (the line sent after an interrupt). */
  addEnd(end: string): void {
    this.ends.push(Buffer.from(end, "utf8"));
  }

  /** True once the current frame's end marker was seen. */
  get ended(): boolean {
    return this.state === "ended";
  }

  /** True once the current frame's start marker was seen. */
  get started(): boolean {
    return this.state === "open" || this.state === "ended";
  }

  push(chunk: Buffer): void {
    if (this.state === "idle" || this.state === "ended") return;
    let data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = Buffer.alloc(0);
    if (this.state === "awaiting-start") {
      const at = data.indexOf(this.start);
      if (at < 0) {
        this.held = Buffer.from(data.subarray(data.length - heldPrefix(data, [this.start])));
        return;
      }
      this.state = "open";
      data = data.subarray(at + this.start.length);
    }
    let first = -1;
    for (const end of this.ends) {
      const at = data.indexOf(end);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
      }
    }
    if (first >= 0) {
      if (first > 0) this.onData(Buffer.from(data.subarray(0, first)));
      this.state = "ended";
      this.onEnd();
      return;
    }
    const keep = heldPrefix(data, this.ends);
    if (data.length > keep) this.onData(Buffer.from(data.subarray(0, data.length - keep)));
    if (keep > 0) this.held = Buffer.from(data.subarray(data.length - keep));
  }

  /**
   * Gives up on the frame (the shell ended): what was held back as a possible marker was output
   * after all, and is passed on.
   */
  flush(): void {
    if (this.state === "open" && this.held.length > 0) this.onData(this.held);
    this.held = Buffer.alloc(0);
    if (this.state !== "idle" && this.state !== "ended") {
      this.state = "ended";
      this.onEnd();
    }
  }
}

/** The length of the longest tail of `data` that some marker starts with (0 when none does). */
export function heldPrefix(data: Buffer, markers: readonly Buffer[]): number {
  const longest = Math.max(0, ...markers.map((marker) => marker.length - 1));
  for (let length = Math.min(longest, data.length); length > 0; length -= 1) {
    const tail = data.subarray(data.length - length);
    if (markers.some((marker) => marker.subarray(0, length).equals(tail))) return length;
  }
  return 0;
}
