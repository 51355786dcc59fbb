import { describe, expect, it } from "vitest";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { FIXTURES } from "../../fixtures/exec/helpers.js";
import { NONE } from "../../fixtures/exec/resolutions.js";

describe("kind none: commands run without a shell (forced on Linux)", () => {
  it("runs a simple command through cross-spawn with exact arguments", async () => {
    const hex = Buffer.from("it's $HOME").toString("hex");
    const result = await runCommand(`node ${FIXTURES}write-bytes.mjs ${hex}`, { resolution: NONE });
    expect(result).toMatchObject({ stdout: "it's $HOME", exitCode: 0 });
    const quoted = await runCommand(`node -e "process.stdout.write(process.argv[1])" 'a | b'`, {
      resolution: NONE,
    });
    expect(quoted.stdout).toBe("a | b");
  });

  it("refuses shell syntax before spawning, naming the operator", async () => {
    await expect(runCommand("ls | wc -l", { resolution: NONE })).rejects.toMatchObject({
      code: "no-shell",
      message: expect.stringContaining("uses the pipe '|'"),
    });
  });

  it("reports a program that does not exist as not found, with what to do", async () => {
    await expect(runCommand("definitely-not-a-program-xyz", { resolution: NONE })).rejects.toThrow(
      /command not found: definitely-not-a-program-xyz/,
    );
  });
});
