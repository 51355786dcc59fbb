import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../src/safety/gate.js";
import { SAFETY_PROFILES } from "../../src/safety/verdict.js";

const FRAGMENTS = [
  "sudo",
  "rm",
  "-rf",
  "/",
  "~",
  "$(",
  ")",
  "`",
  "'",
  '"',
  "\\",
  "|",
  "&",
  ";",
  "&&",
  "||",
  "<<",
  "EOF",
  "\n",
  "{",
  "}",
  "(",
  ")",
  "$x",
  "${x:0:0}",
  "eval",
  "bash",
  "-c",
  "<(",
  ">(",
  "#",
  "*",
  "?",
  "[",
  "]",
  "$'\\x",
  "x=",
  "function",
  "if",
  "then",
  "fi",
  "while",
  "do",
  "done",
  "case",
  "esac",
  " ",
  "\t",
  "%%",
  "=",
  "<<<",
  ">",
];

describe("the gate on arbitrary input", () => {
  let gates: SafetyGate[] = [];
  beforeAll(async () => {
    gates = await Promise.all(SAFETY_PROFILES.map((profile) => createSafetyGate({ profile })));
  });

  it("never throws and always answers with a well-formed verdict on random strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (input) => {
        for (const gate of gates) {
          const verdict = gate.check(input);
          expect(typeof verdict.allowed).toBe("boolean");
          expect(verdict.rule).not.toBe("internal.error");
          if (!verdict.allowed) {
            expect(verdict.reason).toMatch(/^Blocked: /);
            expect(verdict.span![0]).toBeLessThanOrEqual(verdict.span![1]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on random shell-like token soup", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (tokens) => {
        const input = tokens.join("");
        for (const gate of gates) expect(gate.check(input).rule).not.toBe("internal.error");
      }),
      { numRuns: 400 },
    );
  });

  it("never throws on random bytes decoded as UTF-8", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const verdict = gates[0]!.check(Buffer.from(bytes).toString("utf8"));
        expect(verdict.rule).not.toBe("internal.error");
      }),
      { numRuns: 300 },
    );
  });

  it("blocks deeply nested command substitutions with a reason instead of overflowing the stack", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (depth) => {
        const input = `${"echo $(".repeat(depth)}sudo id${")".repeat(depth)}`;
        const verdict = gates[0]!.check(input);
        expect(verdict.allowed).toBe(false);
        expect(verdict.rule === "privilege.sudo" || verdict.rule === "limits.nesting").toBe(true);
      }),
      { numRuns: 25 },
    );
    const benign = gates[2]!.check(`${"echo $(".repeat(5000)}true${")".repeat(5000)}`);
    expect(benign).toMatchObject({ allowed: false, rule: "limits.nesting" });
  });

  it("nested shells beyond the re-parse limit are blocked, not followed forever", () => {
    let script = "id";
    for (let level = 0; level < 12; level += 1) script = `bash -c ${JSON.stringify(script)}`;
    const verdict = gates[2]!.check(script);
    expect(verdict).toMatchObject({ allowed: false });
  });

  it("judges a 1 MB input", () => {
    const line = "echo hello world | grep -c o > /dev/null\n";
    const input = line.repeat(Math.ceil(1_000_000 / line.length));
    expect(input.length).toBeGreaterThanOrEqual(1_000_000);
    expect(gates[0]!.check(input).allowed).toBe(true);
    expect(gates[0]!.check(`${input}sudo id\n`)).toMatchObject({ allowed: false, rule: "privilege.sudo" });
    // Two judgements of 24,000 commands each: linear, a few seconds on an idle machine, but over 30 s
    // on a loaded 2-core one. What is asserted is the verdict, not the speed (bench/safety.mjs has that).
  }, 240_000);

  it("judges a 100 KB single command and finds the danger at its end", () => {
    const words = "a".repeat(10).concat(" ").repeat(9_500);
    const command = `echo ${words}; rm -rf /`;
    expect(command.length).toBeGreaterThan(100_000);
    const verdict = gates[2]!.check(command);
    expect(verdict).toMatchObject({ allowed: false, rule: "delete.root" });
    expect(command.slice(...verdict.span!)).toBe("rm -rf /");
  });

  it("quoting a dangerous command as data never blocks it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sudo -i", "rm -rf /", "mkfs.ext4 /dev/sda", ":(){ :|:& };:", "reboot"),
        fc.constantFrom("echo", "grep -n", "printf '%s\\n'", "git commit -m"),
        (danger, command) => {
          expect(gates[0]!.check(`${command} '${danger}'`).allowed).toBe(true);
        },
      ),
    );
  });
});
