import { describe, expect, it } from "vitest";
import { type ExpandedWord, literalWord } from "../../../src/safety/extract/expanded-word.js";
import { createScope } from "../../../src/safety/extract/scope.js";
import { systemFileKind } from "../../../src/safety/rules/system-files.js";

function word(value: string, glob = false): ExpandedWord {
  return { ...literalWord(value, [0, value.length]), glob, pattern: value };
}

describe("systemFileKind", () => {
  const scope = createScope();
  it("names account, authentication, mount and boot files", () => {
    expect(systemFileKind(word("/etc/shadow"), scope)).toBe("account");
    expect(systemFileKind(word("/etc/pam.d/sshd"), scope)).toBe("authentication");
    expect(systemFileKind(word("/etc/fstab"), scope)).toBe("mount");
    expect(systemFileKind(word("/boot/grub/grub.cfg"), scope)).toBe("boot");
  });

  it("matches globs against the files they could name", () => {
    expect(systemFileKind(word("/boot/vmlinuz-*", true), scope)).toBe("boot");
    expect(systemFileKind(word("/etc/pass??", true), scope)).toBe("account");
    expect(systemFileKind(word("/etc/nginx/*", true), scope)).toBeUndefined();
  });

  it("leaves other files under /etc alone", () => {
    expect(systemFileKind(word("/etc/hosts"), scope)).toBeUndefined();
    expect(systemFileKind(word("./etc/passwd"), scope)).toBeUndefined();
  });
});
