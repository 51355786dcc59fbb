import { describe, expect, it } from "vitest";
import { requirePty } from "../../../src/managed/terminal/require-pty.js";

describe("requirePty", () => {
  it("says terminal support is not installed when the import fails", async () => {
    const missing = () => Promise.reject(new Error("Cannot find package"));
    await expect(requirePty(missing)).rejects.toThrow(/Terminal support is not installed/);
    await expect(requirePty(async () => ({ something: "else" }))).rejects.toMatchObject({
      code: "pty_unavailable",
    });
  });
});
