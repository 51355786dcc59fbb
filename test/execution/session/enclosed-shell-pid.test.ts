import { describe, expect, it } from "vitest";
import {
  type EnclosedCandidate,
  pickEnclosedShell,
} from "../../../src/execution/session/enclosed-shell-pid.js";

// Which process below the sandbox's wrapper is the resident bash. Pure: no process is started.
const RESIDENT = ["/usr/bin/bash", "--norc", "--noprofile", "--noediting", "-i"];
const chain: EnclosedCandidate[] = [
  { pid: 11, ppid: 10, argv: ["/usr/bin/bwrap", "--unshare-pid", "--", "/usr/bin/bash", "-c", "x"] },
  { pid: 12, ppid: 11, argv: ["apply-seccomp", "/usr/bin/bash", "-c", "x"] },
  { pid: 13, ppid: 12, argv: RESIDENT },
];

describe("pickEnclosedShell", () => {
  it("finds the bash started with exactly the resident arguments", () => {
    expect(pickEnclosedShell(chain)).toBe(13);
  });

  it("is undefined while the wrapper has not reached the bash yet", () => {
    expect(pickEnclosedShell(chain.slice(0, 2))).toBeUndefined();
    expect(pickEnclosedShell([{ pid: 13, ppid: 12, argv: [...RESIDENT, "extra"] }])).toBeUndefined();
  });

  it("a command that starts the same bash below it is not taken for the shell, in any order", () => {
    const nested: EnclosedCandidate[] = [
      { pid: 20, ppid: 13, argv: RESIDENT },
      { pid: 21, ppid: 20, argv: RESIDENT },
      ...chain,
    ];
    expect(pickEnclosedShell(nested)).toBe(13);
  });
});
