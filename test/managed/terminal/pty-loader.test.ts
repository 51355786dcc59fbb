import { describe, expect, it } from "vitest";
import { loadPty, requirePty } from "../../../src/managed/terminal/pty-loader.js";

describe("pty loader", () => {
  it("loads the optional package lazily", async () => {
    const pty = await loadPty();
    expect(typeof pty?.spawn).toBe("function");
  });

  it("says terminal support is not installed when the import fails", async () => {
    const missing = () => Promise.reject(new Error("Cannot find package"));
    await expect(loadPty(missing)).resolves.toBeNull();
    await expect(requirePty(missing)).rejects.toThrow(/Terminal support is not installed/);
    await expect(requirePty(async () => ({ something: "else" }))).rejects.toMatchObject({
      code: "pty_unavailable",
    });
  });
});
