import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../../src/safety/index.js";

let strict: SafetyGate;
let permissive: SafetyGate;
beforeAll(async () => {
  strict = await createSafetyGate({ profile: "strict" });
  permissive = await createSafetyGate({ profile: "permissive" });
});

describe("interpreter code judged by capability", () => {
  it("blocks code that builds what it calls at run time while it can start processes, naming the mechanism", () => {
    for (const command of [
      `python3 -c 'import os, sys; getattr(os, sys.argv[1])("true")' system`,
      `node -e 'const k = process.argv[1]; require("child_process")[k]("ls")' execSync`,
      `ruby -e 'send(ARGV[0], "true")' system`,
      `perl -e 'eval $ARGV[0]' 'print 1'`,
      `php -r '$f = $argv[1]; $f("true");' system`,
      `lua -e 'load(arg[1])()' 'print(1)'`,
    ]) {
      const verdict = strict.check(command);
      expect(verdict.rule, command).toBe("interpreter.capability");
      expect(verdict.reason, command).toMatch(/at run time while it can start processes or change files/);
      expect(permissive.check(command).allowed, command).toBe(true);
    }
  });

  it("blocks foreign-function calls, which reach any library symbol", () => {
    const verdict = strict.check(`python3 -c 'import ctypes; ctypes.CDLL(None).getpid()'`);
    expect(verdict.rule).toBe("interpreter.capability");
    expect(verdict.reason).toMatch(/foreign-function interface/);
  });

  it("allows built names when no process or file capability is in reach", () => {
    for (const command of [
      `python3 -c 'import math; name = input(); print(getattr(math, name)(4))'`,
      `lua -e 'print(string[arg[1]]("x"))' upper`,
      `node -e 'console.log([3, 1].sort()[0])'`,
    ])
      expect(strict.check(command).allowed, command).toBe(true);
  });

  it("judges a library mutation as the shell command it amounts to", () => {
    const verdict = strict.check(
      `node -e 'require("fs").unlinkSync(require("os").homedir() + "/.ssh/id_ed25519")'`,
    );
    expect(verdict.rule).toBe("delete.credentials");
    expect(verdict.command).toBe("rm -f -- ~/.ssh/id_ed25519");
    expect(strict.check(`python3 -c 'import os; os.chmod("/etc/sudoers", 0o666)'`).rule).toBe(
      "permissions.account-file",
    );
  });
});
