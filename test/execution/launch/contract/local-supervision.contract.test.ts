import { describe, it } from "vitest";
import { createLocalLauncher } from "../../../../src/execution/launch/local-launcher.js";
import { onWindows } from "../../../support/platform.js";
import { describeSupervisionContract } from "./supervision-contract.js";

describe.skipIf(!onWindows)("the local supervision contract", () => {
  it.skip("runs on POSIX hosts (bash commands); Windows runs test/windows instead", () => undefined);
});

if (!onWindows)
  describeSupervisionContract("this machine's launcher", { launcher: () => createLocalLauncher() });
