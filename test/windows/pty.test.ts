import { describe, expect, it } from "vitest";
import { loadPty, PTY_PACKAGE } from "../../src/managed/terminal/pty-loader.js";
import { onWindows, underWine, wineCannot } from "./support/windows-host.js";

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
