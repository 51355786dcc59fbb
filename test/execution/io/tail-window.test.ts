import { describe, expect, it } from "vitest";
import { TailWindow } from "../../../src/execution/io/tail-window.js";

describe("TailWindow", () => {
  it("returns each byte once, in order", () => {
    const window = new TailWindow(100);
    window.push(Buffer.from("abc"));
    let read = window.readFrom(0, false);
    expect(read.bytes.toString()).toBe("abc");
    window.push(Buffer.from("def"));
    read = window.readFrom(read.next, false);
    expect(read).toMatchObject({ lostBytes: 0, next: 6 });
    expect(read.bytes.toString()).toBe("def");
    expect(window.readFrom(read.next, false).bytes.length).toBe(0);
  });

  it("reports bytes lost to the memory bound", () => {
    const window = new TailWindow(10);
    for (let index = 0; index < 10; index++) window.push(Buffer.from("0123456789"));
    const read = window.readFrom(0, false);
    expect(read.lostBytes).toBeGreaterThanOrEqual(80);
    expect(read.next).toBe(100);
    expect(read.bytes.toString().endsWith("0123456789")).toBe(true);
  });

  it("holds back an unfinished UTF-8 character until it completes or the stream ends", () => {
    const window = new TailWindow(100);
    const euro = Buffer.from("a€");
    window.push(euro.subarray(0, 2));
    const first = window.readFrom(0, false);
    expect(first.bytes.toString()).toBe("a");
    window.push(euro.subarray(2));
    expect(window.readFrom(first.next, false).bytes.toString()).toBe("€");
    const broken = new TailWindow(100);
    broken.push(euro.subarray(0, 2));
    expect(broken.readFrom(0, true).bytes.length).toBe(2);
  });
});
