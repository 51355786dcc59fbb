import { describe, expect, it } from "vitest";
import { HostSnapshotError, parseHostSnapshot } from "../../../platforms/host/snapshot-schema.js";

function messageOf(input: unknown): string {
  try {
    parseHostSnapshot(input);
  } catch (error) {
    expect(error).toBeInstanceOf(HostSnapshotError);
    return (error as Error).message;
  }
  throw new Error("expected the snapshot to be rejected");
}

describe("parseHostSnapshot", () => {
  it("fills defaults for a minimal snapshot", () => {
    expect(parseHostSnapshot({ platform: "linux" })).toEqual({
      platform: "linux",
      env: {},
      files: {},
      registry: {},
      commands: [],
    });
  });

  it("names the field that is wrong", () => {
    expect(messageOf({ platform: "windows" })).toMatch(/^field platform: /);
    expect(messageOf({ platform: "win32", files: { "C:\\x": { type: "file" } } })).toMatch(
      /^field files\["C:\\\\x"\]\.size: /,
    );
    expect(messageOf({ platform: "win32", commands: [{ argv: [], exitCode: 0 }] })).toMatch(
      /^field commands\[0\]\.argv/,
    );
    expect(
      messageOf({ platform: "win32", commands: [{ argv: ["x"], exitCode: 0, stdoutEncoding: "latin1" }] }),
    ).toMatch(/^field commands\[0\]\.stdoutEncoding/);
    expect(messageOf({ platform: "linux", enviroment: {} })).toBe("unknown field 'enviroment'");
    expect(messageOf(null)).toMatch(/^field \(snapshot\): /);
  });
});
