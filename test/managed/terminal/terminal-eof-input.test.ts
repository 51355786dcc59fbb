import { afterEach, describe, expect, it } from "vitest";
import type { Launcher } from "../../../src/execution/launch/launcher.js";
import { createFakeLauncher } from "../../support/fake-launcher.js";
import { closeTestManagers, createTestManager, waitForFinal } from "../manager-fixture.js";

afterEach(closeTestManagers);

/** The fake launcher, with the EOF characters each terminal's close_stdin typed recorded. */
function recordingEof(): { launcher: Launcher; typed: string[] } {
  const typed: string[] = [];
  const fake = createFakeLauncher();
  return {
    typed,
    launcher: {
      ...fake,
      async launch(plan, stdio) {
        const launched = await fake.launch(plan, stdio);
        const pty = launched.pty;
        if (!pty) return launched;
        const recorded = {
          ...pty,
          closeStdin: (eof?: string) => {
            typed.push(eof ?? "(none)");
            return pty.closeStdin(eof);
          },
        };
        return { ...launched, stdin: recorded, pty: recorded };
      },
    },
  };
}

// A terminal whose mode cannot be asked (no device here, no settings from where it is)
// ends input as a canonical one does: ^D, and a second ^D first when the current line has text.
describe("close_stdin on a terminal without a device to ask", () => {
  const host = { managed_pty: true, managed_stdin: true, safety_profile: "unrestricted" } as const;

  async function typedOnClose(input: readonly string[]): Promise<string[]> {
    const { launcher, typed } = recordingEof();
    const manager = createTestManager(host, { launcher, platform: "linux" });
    const started = await manager.start({ command: "cat", pty: true });
    for (const stdin of input) await manager.write({ process_id: started.process_id, stdin });
    const closed = await manager.write({ process_id: started.process_id, close_stdin: true });
    expect(closed.stdin_closed).toBe(true);
    expect((await waitForFinal(manager, started.process_id)).state).toBe("completed");
    return typed;
  }

  it("types one ^D on an empty line", async () => {
    expect(await typedOnClose([])).toEqual(["\x04"]);
    expect(await typedOnClose(["typed\n"])).toEqual(["\x04"]);
    expect(await typedOnClose(["partial", "line\r"])).toEqual(["\x04"]);
  });

  it("types a second ^D first when the line has text", async () => {
    expect(await typedOnClose(["partial"])).toEqual(["\x04\x04"]);
    expect(await typedOnClose(["done\n", "more"])).toEqual(["\x04\x04"]);
  });
});
