import { describe, expect, it } from "vitest";
import { ControlReader, parseRecordBody } from "../../../src/execution/session/control-record.js";

describe("ControlReader", () => {
  const body = '0\n/tmp/a dir\u00001234\n5678\n\u0000declare -x HOME="/root"\n';

  it("returns the record once it is complete, however it is cut", () => {
    const wire = Buffer.from(`stale\u001fR\u001f${body}\u001fD\u001f`, "utf8");
    for (let cut = 0; cut <= wire.length; cut += 1) {
      const reader = new ControlReader();
      reader.begin("\u001fR\u001f", "\u001fD\u001f");
      const first = reader.push(wire.subarray(0, cut));
      const second = reader.push(wire.subarray(cut));
      const record = first ?? second;
      expect(record).toEqual({
        status: 0,
        cwd: "/tmp/a dir",
        jobs: [1234, 5678],
        env: { HOME: "/root" },
        interrupted: false,
      });
      expect(first !== undefined && second !== undefined).toBe(false);
    }
  });

  it("takes the interrupt's record and says so", () => {
    const reader = new ControlReader();
    reader.begin("\u001fR\u001f", "\u001fD\u001f");
    reader.addInterrupt("\u001fI\u001f", "\u001fJ\u001f");
    expect(reader.push(Buffer.from(`\u001fI\u001f130\n/\u0000\u0000\u001fJ\u001f`))).toMatchObject({
      status: 130,
      interrupted: true,
    });
  });

  it("keeps a UTF-8 directory whole", () => {
    expect(parseRecordBody("2\n/tmp/été\u0000\u0000", false)).toMatchObject({ status: 2, cwd: "/tmp/été" });
  });
});
