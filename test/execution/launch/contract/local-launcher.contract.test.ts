import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { createLocalLauncher } from "../../../../src/execution/launch/local-launcher.js";
import { prepareStart } from "../../../../src/execution/prepare/prepare-start.js";
import { BASH } from "../../../fixtures/exec/resolutions.js";
import { onWindows } from "../../../support/platform.js";
import { describeLauncherContract } from "./launcher-contract.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "local-launcher-contract-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function plan(command: string, env: Readonly<Record<string, string>> = {}) {
  const prepared = await prepareStart(command, {
    resolution: BASH,
    cwd: scratch,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
    spillDirectory: scratch,
  });
  return prepared.plan;
}

describe.skipIf(!onWindows)("the local launcher contract", () => {
  it.skip("runs on POSIX hosts (bash plans); Windows runs test/windows instead", () => undefined);
});

if (!onWindows) {
  describeLauncherContract("this machine (pipes and a pty)", {
    launcher: () => createLocalLauncher(),
    plan,
    unstartable: async () => ({ ...(await plan("true")), file: path.join(scratch, "no-such-shell") }),
    terminals: true,
  });
}
