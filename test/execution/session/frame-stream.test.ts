import { describe, expect, it } from "vitest";
import { FrameStream, heldPrefix } from "../../../src/execution/session/frame-stream.js";

const START = "\u001fshellgate-s-n-start\u001f";
const END = "\u001fshellgate-s-n-end\u001f";

function collect(): { stream: FrameStream; output: () => string; ends: () => number } {
  const chunks: Buffer[] = [];
  let ends = 0;
  const stream = new FrameStream(
    (chunk) => chunks.push(chunk),
    () => {
      ends += 1;
    },
  );
  return { stream, output: () => Buffer.concat(chunks).toString("utf8"), ends: () => ends };
}

describe("FrameStream", () => {
  const wire = `late output of an earlier job${START}hello\nwörld${END}after the frame`;

  it("passes on exactly the bytes between the markers, however the stream is cut", () => {
    const bytes = Buffer.from(wire, "utf8");
    for (let first = 0; first <= bytes.length; first += 1) {
      for (const second of [first, Math.min(bytes.length, first + 3), bytes.length]) {
        const { stream, output, ends } = collect();
        stream.begin(START, END);
        stream.push(bytes.subarray(0, first));
        stream.push(bytes.subarray(first, second));
        stream.push(bytes.subarray(second));
        expect(output()).toBe("hello\nwörld");
        expect(stream.ended).toBe(true);
        expect(ends()).toBe(1);
      }
    }
  });

  it("treats text that only resembles a marker as output", () => {
    const { stream, output } = collect();
    stream.begin(START, END);
    const forged = "\u001fshellgate-s-other-end\u001f \u001fshellgate-s-n-en";
    stream.push(Buffer.from(`${START}${forged}`));
    expect(stream.ended).toBe(false);
    stream.push(Buffer.from(`d!${END}`));
    expect(output()).toBe(`${forged}d!`);
  });

  it("ends on a marker added later (the interrupt's), and drops what follows", () => {
    const { stream, output } = collect();
    stream.begin(START, END);
    stream.push(Buffer.from(`${START}partial`));
    stream.addEnd("\u001finterrupt\u001f");
    stream.push(Buffer.from("\u001finterrupt\u001fignored"));
    expect(output()).toBe("partial");
    expect(stream.ended).toBe(true);
    stream.push(Buffer.from("more"));
    expect(output()).toBe("partial");
  });

  it("passes on nothing before begin() or before the start marker", () => {
    const { stream, output } = collect();
    stream.push(Buffer.from("between frames"));
    stream.begin(START, END);
    stream.push(Buffer.from("still before"));
    expect(output()).toBe("");
    expect(stream.started).toBe(false);
  });

  it("flush() hands over a held-back tail that turned out not to be a marker", () => {
    const { stream, output, ends } = collect();
    stream.begin(START, END);
    stream.push(Buffer.from(`${START}cut off \u001fshell`));
    expect(output()).toBe("cut off ");
    stream.flush();
    expect(output()).toBe("cut off \u001fshell");
    expect(ends()).toBe(1);
  });

  it("heldPrefix finds the longest tail a marker starts with", () => {
    const markers = [Buffer.from("\u001fabc")];
    expect(heldPrefix(Buffer.from("xx\u001fab"), markers)).toBe(3);
    expect(heldPrefix(Buffer.from("xx\u001fb"), markers)).toBe(0);
    expect(heldPrefix(Buffer.from(""), markers)).toBe(0);
  });
});
