import { describe, expect, it } from "vitest";
import {
  execStatusExit,
  parseStatusBody,
} from "../../../../src/execution/remote/kubernetes/kubernetes-status.js";

describe("execStatusExit", () => {
  it("reads Success, NonZeroExitCode and any other failure", () => {
    expect(execStatusExit({ status: "Success" })).toEqual({ kind: "exited", exitCode: 0, signal: null });
    expect(
      execStatusExit({
        status: "Failure",
        reason: "NonZeroExitCode",
        details: { causes: [{ reason: "ExitCode", message: "3" }] },
      }),
    ).toEqual({ kind: "exited", exitCode: 3, signal: null });
    expect(
      execStatusExit({
        status: "Failure",
        reason: "InternalError",
        message: 'exec: "bash": executable file not found',
      }),
    ).toEqual({
      kind: "not-started",
      message: expect.stringContaining("executable file not found"),
    });
  });

  it("parses a status body or gives up quietly", () => {
    expect(parseStatusBody('{"code":403,"reason":"Forbidden"}')).toEqual({ code: 403, reason: "Forbidden" });
    expect(parseStatusBody("<html>")).toBeUndefined();
  });
});
