import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// CI runs the suite as a user whose start-up files print and change PATH (issue 25): a test that
// leans on the invoking user's ~/.bashrc fails there rather than on a new user's machine.
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const script = `${repositoryRoot}scripts/with-hostile-home.sh`;

describe(".ci/run's test step", () => {
  it("runs the suite through scripts/with-hostile-home.sh", () => {
    const ciRun = readFileSync(`${repositoryRoot}.ci/run`, "utf8");
    expect(ciRun).toMatch(/step "test[^"]*"\n(?:#.*\n)*bash scripts\/with-hostile-home\.sh npm test\b/);
  });
});

describe.runIf(process.platform !== "win32")("scripts/with-hostile-home.sh", () => {
  it("gives bash a HOME whose .bashrc and .bash_profile print and change PATH, and removes it after", () => {
    const probe =
      'printf "HOME=%s\\n" "$HOME"; bash -ic "echo PATH=\\$PATH" 2>&1; bash -lc "echo login" 2>&1';
    const result = spawnSync("bash", [script, "bash", "-c", probe], { encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(0);
    const home = /^HOME=(.+)$/m.exec(result.stdout)?.[1] ?? "";
    expect(home).toMatch(/shellgate-hostile-home\./);
    expect(result.stdout).toContain("hostile .bashrc ran (stdout)");
    expect(result.stdout).toContain("hostile .bashrc ran (stderr)");
    expect(result.stdout).toContain("hostile .bash_profile ran (stdout)");
    expect(result.stdout).toMatch(new RegExp(`^PATH=${home}/hostile-bin:.*:/nonexistent/hostile-path$`, "m"));
    expect(spawnSync("test", ["-e", home]).status).toBe(1);
  });

  it("passes the command's exit code through", () => {
    expect(spawnSync("bash", [script, "bash", "-c", "exit 7"]).status).toBe(7);
  });
});
