/**
 * The run wrapper (see `run-wrapper.ts`) reports on the command's stderr — the only channel every
 * engine carries besides stdout — in lines of its own: `RS <token> <kind> <fields…>\n`, RS being
 * the ASCII record separator and the token a per-run secret the command never sees. This splitter
 * takes those lines out of the byte stream, whatever the chunking, and passes everything else on
 * unchanged; a pty's `\r\n` ends a line too. Pure: bytes in, bytes and lines out.
 */
export type ControlLine =
  /** The wrapper's pid, which is also the run's process group. */
  | { readonly kind: "pid"; readonly pid: number }
  /** The working directory could not be entered: nothing of the command ran. */
  | { readonly kind: "cwd" }
  /** The command's shell finished with this status; `jobs` are its background jobs still known. */
  | { readonly kind: "end"; readonly status: number; readonly jobs: readonly number[] }
  /** The group kill's report (see `kill-script.ts`). */
  | {
      readonly kind: "killed";
      readonly found: readonly number[];
      readonly forced: boolean;
      readonly survivors: readonly number[];
    };

export const RECORD_SEPARATOR = "\x1e";

/** A control line's longest plausible length; a longer "line" is the command's own output. */
const MAX_LINE_BYTES = 64 * 1024;

function pids(text: string | undefined): number[] {
  return (text ?? "")
    .split(/[\s,]+/)
    .filter((word) => /^\d+$/.test(word))
    .map(Number);
}

/** One line's fields (after the token) as a control line, or undefined when it is not one. */
export function parseControlLine(fields: string): ControlLine | undefined {
  const [kind, ...rest] = fields.trim().split(" ");
  switch (kind) {
    case "pid": {
      const pid = Number(rest[0]);
      return Number.isInteger(pid) && pid > 0 ? { kind: "pid", pid } : undefined;
    }
    case "cwd":
      return { kind: "cwd" };
    case "end": {
      const status = Number(rest[0]);
      return Number.isInteger(status)
        ? { kind: "end", status, jobs: pids(rest.slice(1).join(" ")) }
        : undefined;
    }
    case "killed": {
      // killed found=1,2 forced=0|1 survivors=3
      const field = (name: string) =>
        rest.find((word) => word.startsWith(`${name}=`))?.slice(name.length + 1);
      return {
        kind: "killed",
        found: pids(field("found")),
        forced: field("forced") === "1",
        survivors: pids(field("survivors")),
      };
    }
    default:
      return undefined;
  }
}

export class ControlLineSplitter {
  readonly #prefix: Buffer;
  readonly #onLine: (line: ControlLine) => void;
  #held: Buffer = Buffer.alloc(0);

  constructor(token: string, onLine: (line: ControlLine) => void) {
    this.#prefix = Buffer.from(`${RECORD_SEPARATOR}${token} `, "latin1");
    this.#onLine = onLine;
  }

  /** The command's own bytes in `chunk` (possibly fewer, held until the next chunk decides). */
  push(chunk: Buffer): Buffer {
    const data = this.#held.length === 0 ? chunk : Buffer.concat([this.#held, chunk]);
    this.#held = Buffer.alloc(0);
    const output: Buffer[] = [];
    let from = 0;
    for (;;) {
      const at = data.indexOf(this.#prefix, from);
      if (at === -1) break;
      const end = data.indexOf(0x0a, at + this.#prefix.length);
      if (end === -1) {
        if (data.length - at > MAX_LINE_BYTES) break;
        output.push(data.subarray(from, at));
        this.#held = Buffer.from(data.subarray(at));
        return Buffer.concat(output);
      }
      const line = parseControlLine(
        data
          .subarray(at + this.#prefix.length, end)
          .toString("utf8")
          .replace(/\r$/, ""),
      );
      if (line === undefined) {
        output.push(data.subarray(from, end + 1));
      } else {
        output.push(data.subarray(from, at));
        this.#onLine(line);
      }
      from = end + 1;
    }
    // The tail may be the start of a control line cut by the chunking: hold what could be.
    const keep = this.#partialPrefixLength(data, from);
    output.push(data.subarray(from, data.length - keep));
    if (keep > 0) this.#held = Buffer.from(data.subarray(data.length - keep));
    return Buffer.concat(output);
  }

  /** At the end of the stream: whatever was held back is the command's after all. */
  flush(): Buffer {
    const rest = this.#held;
    this.#held = Buffer.alloc(0);
    return rest;
  }

  #partialPrefixLength(data: Buffer, from: number): number {
    const longest = Math.min(this.#prefix.length - 1, data.length - from);
    for (let length = longest; length > 0; length -= 1) {
      if (data.subarray(data.length - length).equals(this.#prefix.subarray(0, length))) return length;
    }
    return 0;
  }
}
