import { createFakeLauncher } from "../../../support/fake-launcher.js";
import { describeSupervisionContract } from "./supervision-contract.js";

// Everything above the seam, with no process started at all: the proof that foreground runs,
// background tasks and managed processes are supervised in one place, over any launcher.
describeSupervisionContract("an in-memory fake launcher", { launcher: () => createFakeLauncher() });
