import { describe, expect, it } from "vitest";
import {
  createFrameNonce,
  createSessionSentinel,
  frameMarkers,
} from "../../../src/execution/session/frame-markers.js";
import { commandLine, interruptedLine, startupLine } from "../../../src/execution/session/frame-script.js";
import { ansiCQuote } from "../../../src/execution/session/shell-quote.js";

describe("frame script", () => {
  const markers = frameMarkers(createSessionSentinel());

  it("is one line per command, whatever the values hold", () => {
    const line = commandLine({
      scriptPath: "/tmp/it's\nhere.sh",
      markers,
      exports: { SHELLGATE_RUN: "x'y\n" },
      cd: "/tmp/a\nb",
    });
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(interruptedLine(markers).slice(0, -1)).not.toContain("\n");
    expect(startupLine().slice(0, -1)).not.toContain("\n");
  });

  it("never writes a marker as plain text (a marker is not in the shell's memory as a word)", () => {
    const line = commandLine({ scriptPath: "/tmp/c.sh", markers, exports: {} });
    expect(line).not.toContain(markers.end);
    expect(line).not.toContain(markers.start);
  });

  it("gives every marker of every frame its own nonce under the session's sentinel", () => {
    const sentinel = createSessionSentinel();
    const a = frameMarkers(sentinel);
    const b = frameMarkers(sentinel);
    expect(a.end).not.toBe(b.end);
    expect(a.end).toContain(sentinel);
    const nonceOf = (marker: string): string => marker.split("-")[2] as string;
    const nonces = [a.start, a.end, a.record, a.done].map(nonceOf);
    expect(new Set(nonces).size).toBe(4);
    expect(nonceOf(a.end)).toMatch(/^[0-9a-f]{32}$/);
    expect(createFrameNonce()).not.toBe(createFrameNonce());
  });

  it("quotes every byte outside printable ASCII", () => {
    expect(ansiCQuote("a'b\\c\né")).toBe("$'a\\'b\\\\c\\x0a\\xc3\\xa9'");
  });
});
