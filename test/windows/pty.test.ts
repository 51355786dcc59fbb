import { afterEach, describe, expect, it } from "vitest";
import { loadPty, PTY_PACKAGE } from "../../src/execution/launch/pty-loader.js";
import { allText, closeTestManagers, createTestManager, waitForFinal } from "../managed/manager-fixture.js";
import { NO_BASH } from "./support/run-plan.js";
import { onWindows, underWine, wineCannot } from "./support/windows-host.js";

afterEach(closeTestManagers);

// ConPTY is what managed terminal sessions use on Windows. The pty package is optional: when its
// native build did not install, shellgate runs without terminals, and so does this test.
describe.runIf(onWindows)("ConPTY through the pty package", () => {
  it("runs cmd.exe /c echo in a pseudo console", async (context) => {
    context.skip(underWine, wineCannot("no-conpty"));
    const pty = await loadPty();
    context.skip(pty === null, `the optional package ${PTY_PACKAGE} did not load on this host`);
    const terminal = pty!.spawn("cmd.exe", ["/d", "/c", "echo shellgate-pty-marker"], {
      cols: 80,
      rows: 24,
      cwd: process.cwd(),
      env: process.env,
    });
    let output = "";
    terminal.onData((data) => {
      output += typeof data === "string" ? data : Buffer.from(data).toString("utf8");
    });
    const exitCode = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        terminal.kill();
        reject(
          new Error(`cmd.exe in the pty did not exit within 20 s; output so far: ${JSON.stringify(output)}`),
        );
      }, 20_000);
      terminal.onExit((event) => {
        clearTimeout(timer);
        resolve(event.exitCode);
      });
    });
    // ConPTY may deliver the last output after the exit event; no event marks the end of that.
    const deadline = Date.now() + 3000;
    while (!output.includes("shellgate-pty-marker") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(output).toContain("shellgate-pty-marker");
    expect(exitCode).toBe(0);
  });
});

// A managed terminal goes through shellgate's own spawn path: the launcher runs in the pseudo
// console and starts the program inside the tree's Job Object (src/execution/spawn/start-process.ts).
describe.runIf(onWindows)("a managed terminal session on ConPTY", () => {
  it("runs a program through the launcher in the pseudo console and ends in its job", {
    timeout: 60_000,
  }, async (context) => {
    context.skip(underWine, wineCannot("no-conpty"));
    context.skip((await loadPty()) === null, `the optional package ${PTY_PACKAGE} did not load on this host`);
    const manager = createTestManager({ managed_pty: true }, { resolution: NO_BASH });
    const started = await manager.start({ command: "cmd /d /c echo shellgate-managed-pty", pty: true });
    expect(started.pty).toBe(true);

    const final = await waitForFinal(manager, started.process_id);

    expect(final).toMatchObject({ state: "completed", returncode: 0 });
    // As above: ConPTY may hand over the last output after the exit; no event marks its end.
    let text = await allText(manager, started.process_id);
    for (
      const deadline = Date.now() + 3000;
      !text.includes("shellgate-managed-pty") && Date.now() < deadline;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      text = await allText(manager, started.process_id);
    }
    expect(text).toContain("shellgate-managed-pty");
  });
});
