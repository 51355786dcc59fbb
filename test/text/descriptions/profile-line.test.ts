import { describe, expect, it } from "vitest";
import { createSafetyGate } from "../../../src/safety/gate.js";
import { SAFETY_PROFILES } from "../../../src/safety/verdict.js";
import { blockedSeverities, profileLine } from "../../../src/text/descriptions/profile-line.js";

// What the line says a profile blocks, checked against what the gate does with that profile.
const EXAMPLES = [
  { command: "rm -rf /", words: /(deleting|destroying) \// },
  { command: "mkfs.ext4 /dev/sdb", words: /mkfs/ },
  { command: "dd if=/dev/zero of=/dev/sda", words: /disks/ },
  { command: "sudo rm -rf ./build", words: /sudo/ },
] as const;

describe("the profile line of the bash description", () => {
  it("says what the gate does: an example it blocks is named, one it allows is not", async () => {
    for (const profile of SAFETY_PROFILES) {
      const gate = await createSafetyGate({ profile });
      // standard reads "as strict": what strict's line names is what it blocks too.
      const line = profileLine(profile === "standard" ? "strict" : profile, false);
      for (const example of EXAMPLES) {
        const allowed = gate.check(example.command).allowed;
        expect({ profile, command: example.command, named: example.words.test(line) }).toEqual({
          profile,
          command: example.command,
          named: !allowed,
        });
      }
    }
  });

  it("is written from the decision table: permissive no longer claims mkfs or disks", () => {
    expect(blockedSeverities("permissive")).toEqual(["catastrophic", "unanalysable"]);
    const permissive = profileLine("permissive", false);
    expect(permissive).toContain(
      "only destroying / or system directories, fork bombs and unparsable commands",
    );
    expect(permissive).not.toMatch(/mkfs|disks/);
    expect(profileLine("strict", false)).toMatch(/^Safety profile strict: blocks /);
    expect(profileLine("unrestricted", true)).toContain("no profile rule blocks anything");
    expect(profileLine("unrestricted", true)).toContain("needs the user's approval");
  });
});
