import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  BASH_PATH_ENV,
  WINDOWS_SHELL_ENV,
  WINDOWS_SHELL_VALUES,
} from "../../platforms/resolve/preferences.js";
// @ts-expect-error: a plain .mjs helper shared with the scripts.
import { readmeBlocks } from "../../scripts/readme-blocks.mjs";
import { main } from "../../src/surfaces/cli/main.js";
import { fakeIo } from "../support/fake-io.js";

// The README's Windows quick start is typed as written in each Windows shell: Windows PowerShell
// 5.1 has no `&&`, cmd.exe no single quotes; the doctor output it quotes is what doctor prints for
// a Windows host with neither Git Bash nor WSL (a recorded snapshot).

interface Block {
  lang: string;
  info: string;
  section: string;
  code: string;
}

const readmePath = fileURLToPath(new URL("../../README.md", import.meta.url));
const section =
  /<!-- section:windows -->([\s\S]*?)<!-- \/section:windows -->/.exec(
    readFileSync(readmePath, "utf8"),
  )?.[1] ?? "";
const blocks = (readmeBlocks(readmePath) as Block[]).filter((block) => block.section === "windows");
const block = (name: string): string => {
  const found = blocks.find((candidate) => candidate.info === `windows=${name}`);
  if (!found) throw new Error(`README has no windows=${name} block`);
  return found.code;
};
const [linuxQuickStart] = (readmeBlocks(readmePath) as Block[]).filter(
  (candidate) => candidate.lang === "sh",
);

describe("README Windows quick start", () => {
  it("gives the two quick-start commands for PowerShell 5.1, PowerShell 7 and cmd", () => {
    expect(linuxQuickStart?.code).toBe(
      "npm install && npm run build && npx shellgate run 'uname -a'\nnpm test\n",
    );
    for (const shell of ["powershell-5.1", "powershell-7", "cmd"]) {
      const [first, second] = block(shell).trimEnd().split("\n");
      expect(first, shell).toMatch(/^npm install\b.*\bnpm run build\b.*\bnpx shellgate run (['"])uname -a\1/);
      expect(second, shell).toBe("npm test");
    }
  });

  it("PowerShell 5.1 lines use no && or || (PowerShell 7 added them)", () => {
    for (const name of ["powershell-5.1", "powershell-env"]) expect(block(name)).not.toMatch(/&&|\|\|/);
  });

  it("cmd lines use no single quotes (cmd.exe passes them through as text)", () => {
    for (const name of ["cmd", "cmd-env"]) expect(block(name)).not.toContain("'");
  });

  it("sets the environment variables shellgate reads, in $env: and set form", () => {
    const names = [WINDOWS_SHELL_ENV[0], BASH_PATH_ENV];
    for (const name of names) {
      expect(block("powershell-env")).toMatch(new RegExp(`^\\$env:${name} = "[^"]+"`, "m"));
      expect(block("cmd-env")).toMatch(new RegExp(`^set "?${name}=[^"\\s]`, "m"));
    }
    expect(block("powershell-env")).toContain(
      `# ${["auto (the default)", ...WINDOWS_SHELL_VALUES.slice(1)].join(", ").replace(/, (\w+)$/, " or $1")}`,
    );
  });

  it("says what to do when the execution policy blocks npx.ps1", () => {
    expect(section).toContain("npx.ps1 cannot be loaded because running scripts is disabled on this system");
    expect(section).toContain("`npx.cmd`");
    expect(section).toContain("`Set-ExecutionPolicy -Scope CurrentUser RemoteSigned`");
  });

  it("quotes what doctor prints on a Windows host with neither Git Bash nor WSL", async () => {
    const host = fileURLToPath(new URL("../hosts/win-nothing-installed.json", import.meta.url));
    const io = fakeIo(process.cwd(), {});
    expect(await main(["doctor", "--host", host], io)).toBe(0);
    const told = /what the model is told:\n {2}(.*)\n/.exec(io.out())?.[1];
    expect(block("doctor-none").trimEnd()).toBe(told);
    const result = /^result: (.*)$/m.exec(io.out())?.[1];
    expect(section).toContain(`\`result: ${result}\``);
  });
});
