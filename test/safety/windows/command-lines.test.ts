import { describe, expect, it } from "vitest";
import { parseCmdLine } from "../../../src/safety/windows/cmd-line.js";
import { parsePowerShell } from "../../../src/safety/windows/powershell-line.js";
import { cmdText, powerShellText } from "../../../src/safety/windows/unwrap-windows.js";

const words = (commands: { words: readonly string[] }[]) => commands.map((command) => command.words);

describe("cmd.exe command lines", () => {
  it("splits on & && || |, drops @ and redirections, expands %VAR%, honours ^ and quotes", () => {
    const lookup = (name: string) => (name === "SystemRoot" ? "C:\\Windows" : "");
    expect(words(parseCmdLine('@echo hi > out & rd /s /q "%SystemRoot%" && d^el x', lookup))).toEqual([
      ["echo", "hi"],
      ["rd", "/s", "/q", "C:\\Windows"],
      ["del", "x"],
    ]);
  });

  it("reads switches as cmd does: glued to a built-in's name, and several in one word", () => {
    const none = () => "";
    expect(words(parseCmdLine("rd/s/q C:\\ & del/F/S/Q C:\\*.*", none))).toEqual([
      ["rd", "/s", "/q", "C:\\"],
      ["del", "/F", "/S", "/Q", "C:\\*.*"],
    ]);
    expect(words(parseCmdLine("rd /s/q build", none))).toEqual([["rd", "/s", "/q", "build"]]);
    // An external program's name goes on past a slash; a path operand is no switch group.
    expect(words(parseCmdLine("robocopy a b /MIR /LEV:2", none))).toEqual([
      ["robocopy", "a", "b", "/MIR", "/LEV:2"],
    ]);
    expect(words(parseCmdLine("echo.", none))).toEqual([["echo"]]);
  });

  it("finds the text after /c, //c and /k, with one pair of outer quotes removed", () => {
    expect(cmdText(["//c", '"rd /s /q C:\\"'])).toBe("rd /s /q C:\\");
    expect(cmdText(["/d", "/C", "dir"])).toBe("dir");
    expect(cmdText(["/q"])).toBeUndefined();
  });
});

describe("PowerShell command text", () => {
  it("splits statements and expands $env: variables and literal strings", () => {
    const lookup = (name: string) => (name === "env:USERPROFILE" ? "C:\\Users\\me" : undefined);
    expect(words(parsePowerShell("Get-Date; rm -r -fo $env:USERPROFILE | Out-Null", lookup, "?"))).toEqual([
      ["Get-Date"],
      ["rm", "-r", "-fo", "C:\\Users\\me"],
      ["Out-Null"],
    ]);
    expect(words(parsePowerShell("& 'C:\\x y.exe' 'it''s'", lookup, "?"))).toEqual([["C:\\x y.exe", "it's"]]);
  });

  it("tells expressions from commands, and reads string variables and assignments of commands", () => {
    const parsed = parsePowerShell(
      "$c = 'Get-Date'; iex $c; $x = Get-Item .; 'a' | iex; $_.Name",
      () => undefined,
      "?",
    );
    expect(parsed).toEqual([
      { words: ["?", "=", "Get-Date"], expression: true },
      { words: ["iex", "Get-Date"] },
      { words: ["Get-Item", "."] },
      { words: ["a"], expression: true },
      { words: ["iex"], piped: true },
      { words: ["?.Name"], expression: true },
    ]);
  });

  it("reads -Command, -c, -EncodedCommand (UTF-16LE base64), a bare command, a script file and stdin", () => {
    expect(powerShellText(["-NoProfile", "-Command", "Get-Date"])).toEqual({ text: "Get-Date" });
    expect(powerShellText(["-ExecutionPolicy", "Bypass", "-c", "ls"])).toEqual({ text: "ls" });
    const encoded = Buffer.from("Remove-Item C:\\", "utf16le").toString("base64");
    expect(powerShellText(["-enc", encoded])).toEqual({ text: "Remove-Item C:\\" });
    expect(powerShellText(["Get-Process"])).toEqual({ text: "Get-Process" });
    expect(powerShellText(["-File", "x.ps1"])).toEqual({ file: "x.ps1" });
    expect(powerShellText(["-NoProfile", "./build.ps1"])).toEqual({ file: "./build.ps1" });
    expect(powerShellText(["-Command", "-"])).toEqual({ stdin: true });
    expect(powerShellText(["-"])).toEqual({ stdin: true });
  });
});
