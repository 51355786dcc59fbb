import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ControlLine,
  ControlLineSplitter,
  parseControlLine,
} from "../../../src/execution/remote/control-lines.js";

const TOKEN = "0a1b2c3d4e5f";
const line = (fields: string, end = "\n") => `\x1e${TOKEN} ${fields}${end}`;

function split(stream: string, cuts: readonly number[]): { output: string; lines: ControlLine[] } {
  const lines: ControlLine[] = [];
  const splitter = new ControlLineSplitter(TOKEN, (parsed) => lines.push(parsed));
  const bytes = Buffer.from(stream, "utf8");
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let output = Buffer.alloc(0);
  let from = 0;
  for (const point of [...points, bytes.length]) {
    output = Buffer.concat([output, splitter.push(bytes.subarray(from, point))]);
    from = point;
  }
  return { output: Buffer.concat([output, splitter.flush()]).toString("utf8"), lines };
}

describe("parseControlLine", () => {
  it("reads each kind the wrapper and the kill write", () => {
    expect(parseControlLine("pid 42")).toEqual({ kind: "pid", pid: 42 });
    expect(parseControlLine("cwd")).toEqual({ kind: "cwd" });
    expect(parseControlLine("end 3 11 12")).toEqual({ kind: "end", status: 3, jobs: [11, 12] });
    expect(parseControlLine("end 0 ")).toEqual({ kind: "end", status: 0, jobs: [] });
    expect(parseControlLine("killed found=1,2 forced=1 survivors=2")).toEqual({
      kind: "killed",
      found: [1, 2],
      forced: true,
      survivors: [2],
    });
    expect(parseControlLine("pid x")).toBeUndefined();
    expect(parseControlLine("other")).toBeUndefined();
  });
});

describe("ControlLineSplitter", () => {
  it("takes the wrapper's lines out of stderr however the bytes are chunked", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.array(fc.nat(200), { maxLength: 8 }),
        (before, after, cuts) => {
          const clean = (text: string) => text.replace(/\x1e/g, "");
          const stream = `${line("pid 7")}${clean(before)}${line("end 2 9", "\r\n")}${clean(after)}`;
          const { output, lines } = split(stream, cuts);
          expect(output).toBe(clean(before) + clean(after));
          expect(lines).toEqual([
            { kind: "pid", pid: 7 },
            { kind: "end", status: 2, jobs: [9] },
          ]);
        },
      ),
    );
  });

  it("leaves a line with another token, and an unknown kind, in the output", () => {
    const forged = "\x1eotherToken end 0\n";
    const unknown = line("shout loud");
    expect(split(`${forged}${unknown}text`, [3, 20]).output).toBe(`${forged}${unknown}text`);
  });

  it("gives back a held prefix at the end of the stream", () => {
    const { output, lines } = split(`abc\x1e${TOKEN.slice(0, 4)}`, [2]);
    expect(output).toBe(`abc\x1e${TOKEN.slice(0, 4)}`);
    expect(lines).toEqual([]);
  });
});
