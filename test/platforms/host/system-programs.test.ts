import { describe, expect, it } from "vitest";
import { systemProgramPath } from "../../../platforms/host/system-programs.js";

describe("systemProgramPath", () => {
  it("puts each program under the host's %SystemRoot%, whatever the variable's case", () => {
    expect(systemProgramPath("cmd", { SystemRoot: "D:\\WINNT" })).toBe("D:\\WINNT\\System32\\cmd.exe");
    expect(systemProgramPath("cmd", { SYSTEMROOT: "C:\\Windows" })).toBe("C:\\Windows\\System32\\cmd.exe");
    expect(systemProgramPath("reg", { systemroot: "C:\\Windows" })).toBe("C:\\Windows\\System32\\reg.exe");
    expect(systemProgramPath("wmic", { windir: "E:\\Win" })).toBe("E:\\Win\\System32\\wbem\\wmic.exe");
  });

  it("never takes a relative SystemRoot (it would name the working directory again)", () => {
    expect(systemProgramPath("cmd", { SystemRoot: "Windows" })).toBe("C:\\Windows\\System32\\cmd.exe");
    expect(systemProgramPath("cmd", { SystemRoot: ".", windir: "C:\\W" })).toBe("C:\\W\\System32\\cmd.exe");
    expect(systemProgramPath("taskkill", {})).toBe("C:\\Windows\\System32\\taskkill.exe");
  });
});
