import { describe, it } from "vitest";
import { createFakeLauncher } from "../../../support/fake-launcher.js";
import { onWindows } from "../../../support/platform.js";
import { describeSupervisionContract } from "./supervision-contract.js";

describe.skipIf(!onWindows)("the supervision contract over the fake launcher", () => {
  it.skip("runs on POSIX hosts: its starts are prepared for a POSIX bash, whose plan ends with the command the fake plays; a Windows host plans bash differently", () =>
    undefined);
});

// Everything above the seam, with no process started at all: the proof that foreground runs,
// background tasks and managed processes are supervised in one place, over any launcher.
if (!onWindows) {
  describeSupervisionContract("an in-memory fake launcher", { launcher: () => createFakeLauncher() });
}
