import { HOST_BASH } from "../../../fixtures/exec/host-resolution.js";
import { createFakeLauncher } from "../../../support/fake-launcher.js";
import { describeSupervisionContract } from "./supervision-contract.js";

// Everything above the seam, with no process started at all: the proof that foreground runs,
// background tasks and managed processes are supervised in one place, over any launcher. The shell
// is one of this host's platform, so the plans are this platform's (Windows: the text in the
// environment) and nothing needs to be installed.
describeSupervisionContract("an in-memory fake launcher", {
  launcher: () => createFakeLauncher(),
  resolution: HOST_BASH,
});
