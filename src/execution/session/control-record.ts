import { parseExportListing } from "./export-listing.js";

/** What the shell said after one command: how it ended and the state the next one starts from. */
export interface FrameRecord {
  /** `$?` after the command (128+N for a job ended by signal N, 130 after an interrupt). */
  readonly status: number;
  /** `$PWD` after the command. */
  readonly cwd: string;
  /** Process ids of the shell's jobs (each leads its group under `set -m`), running or not. */
  readonly jobs: readonly number[];
  /** The exported environment after the command. */
  readonly env: Readonly<Record<string, string>>;
  /** True when the line sent after an interrupt closed the frame (the command line was abandoned). */
  readonly interrupted: boolean;
}

interface Expected {
  readonly record: string;
  readonly done: string;
  readonly interrupted: boolean;
}

/**
 * The control pipe, cut into records. A record is `RECORD status \n cwd \0 export-listing DONE`;
 * only the shell's own frame tails write to this pipe (commands run with it closed). Pure: no I/O.
 */
export class ControlReader {
  private text = "";
  private expected: Expected[] = [];

  /** Expects the record of a new frame. */
  begin(record: string, done: string): void {
    this.text = "";
    this.expected = [{ record, done, interrupted: false }];
  }

  /** Another record that closes the current frame (the line sent after an interrupt). */
  addInterrupt(record: string, done: string): void {
    this.expected.push({ record, done, interrupted: true });
  }

  /** Feeds bytes; returns the frame's record once it is complete (and stops expecting one). */
  push(chunk: Buffer): FrameRecord | undefined {
    if (this.expected.length === 0) return undefined;
    this.text += chunk.toString("latin1");
    for (const expected of this.expected) {
      const start = this.text.indexOf(latin1(expected.record));
      if (start < 0) continue;
      const bodyStart = start + latin1(expected.record).length;
      const end = this.text.indexOf(latin1(expected.done), bodyStart);
      if (end < 0) continue;
      const body = Buffer.from(this.text.slice(bodyStart, end), "latin1").toString("utf8");
      this.expected = [];
      this.text = "";
      return parseRecordBody(body, expected.interrupted);
    }
    return undefined;
  }
}

function latin1(text: string): string {
  return Buffer.from(text, "utf8").toString("latin1");
}

/** `status \n cwd \0 jobs \0 listing`, as the frame tail prints it. */
export function parseRecordBody(body: string, interrupted: boolean): FrameRecord {
  const newline = body.indexOf("\n");
  const cwdEnd = body.indexOf("\0", newline + 1);
  const jobsEnd = cwdEnd < 0 ? -1 : body.indexOf("\0", cwdEnd + 1);
  const status = Number.parseInt(body.slice(0, newline), 10);
  const jobs = (jobsEnd < 0 ? "" : body.slice(cwdEnd + 1, jobsEnd))
    .split(/\s+/)
    .map((field) => Number.parseInt(field, 10))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
  return {
    status: Number.isInteger(status) ? status : 1,
    cwd: body.slice(newline + 1, cwdEnd < 0 ? undefined : cwdEnd),
    jobs,
    env: parseExportListing(jobsEnd < 0 ? "" : body.slice(jobsEnd + 1)),
    interrupted,
  };
}
