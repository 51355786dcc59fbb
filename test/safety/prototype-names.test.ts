import { describe, expect, it } from "vitest";
import { checkCommand } from "../../src/safety/gate.js";

// Program names come from the command: the gate's tables must answer Object.prototype's member
// names as unknown programs, never with the prototype's functions (which crashed the judgment).
const NAMES = ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString", "isPrototypeOf"];
const SHAPES = (name: string) => [
  name,
  `${name} -c x`,
  `sudo ${name} -rf /tmp/x`,
  `env ${name} x`,
  `make ${name}`,
];

describe("commands named like Object.prototype's members", () => {
  it("are judged, never an internal error", async () => {
    const failures: string[] = [];
    for (const name of NAMES) {
      for (const command of SHAPES(name)) {
        const verdict = await checkCommand(command, { profile: "strict" });
        if (verdict.rule === "internal.error") failures.push(`${command}: ${verdict.reason}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
