import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../../src/safety/index.js";
import { RUNNERS } from "../../../src/safety/runners/runner-table.js";

let strict: SafetyGate;
beforeAll(async () => {
  strict = await createSafetyGate({ profile: "strict" });
});

describe("programs that run commands named elsewhere, read from one table", () => {
  it("reads options, option clusters, +commands, option variables, input and operands", () => {
    for (const command of [
      "script -qec halt /dev/null",
      "vim -es +'!halt' +'qa!'",
      "MANOPT='-P halt' man ls",
      "ed -s <<< 'r !halt'",
      "sqlite3 :memory: '.system halt'",
      "tmux new -d 'sleep 1' \\; split-window halt",
      "ssh -o 'ProxyCommand halt' host",
      "gdb -batch -x <(echo 'shell halt')",
    ])
      expect(strict.check(command).rule, command).toBe("power.halt");
  });

  it("runs nothing for the inert modes a program's manual names", () => {
    expect(strict.check("man -k halt").allowed).toBe(true);
    expect(strict.check("ninja -t commands").allowed).toBe(true);
  });

  it("has a row for each family the issue names", () => {
    for (const name of [
      "vim",
      "less",
      "man",
      "ssh",
      "scp",
      "rsync",
      "tmux",
      "script",
      "screen",
      "gdb",
      "sqlite3",
      "m4",
      "npm",
    ])
      expect(RUNNERS[name], name).toBeDefined();
  });
});
