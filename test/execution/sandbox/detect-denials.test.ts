import { describe, expect, it } from "vitest";
import { detectSandboxDenials } from "../../../src/execution/sandbox/detect-denials.js";

const policy = { allowWrite: ["/work", "/tmp"], denyRead: ["/home/ada/.ssh", "/home/ada/.netrc"] };

describe("detectSandboxDenials", () => {
  it("reads refused writes from bash, coreutils, Python and Node, naming the target, not the program", () => {
    const output = [
      "/usr/bin/bash: line 1: /etc/motd: Read-only file system",
      "touch: cannot touch '/usr/local/x': Read-only file system",
      "OSError: [Errno 30] Read-only file system: '/opt/y'",
      "Error: EROFS: read-only file system, open '/srv/z'",
    ].join("\n");
    expect(detectSandboxDenials(output, policy)).toEqual([
      { kind: "write", path: "/etc/motd" },
      { kind: "write", path: "/usr/local/x" },
      { kind: "write", path: "/opt/y" },
      { kind: "write", path: "/srv/z" },
    ]);
  });

  it("a read-only error inside allow_write is not the sandbox's doing", () => {
    expect(detectSandboxDenials("cp: cannot create '/work/mnt/x': Read-only file system", policy)).toEqual(
      [],
    );
  });

  it("any error naming a path under deny_read is a read denial", () => {
    expect(
      detectSandboxDenials(
        "cat: /home/ada/.ssh/id_ed25519: No such file or directory\ncat: /home/ada/.netrc: x",
        policy,
      ),
    ).toEqual([
      { kind: "read", path: "/home/ada/.ssh/id_ed25519" },
      { kind: "read", path: "/home/ada/.netrc" },
    ]);
    expect(detectSandboxDenials("ls /home/ada/.sshkeys", policy)).toEqual([]);
  });

  it("with no network at all, the hosts in connection errors are network denials; otherwise they are not", () => {
    const output =
      "curl: (6) Could not resolve host: example.com\nError: connect ECONNREFUSED 127.0.0.1:8080";
    expect(detectSandboxDenials(output, policy, [], "linux", { networkFromOutput: true })).toEqual([
      { kind: "network", host: "example.com" },
      { kind: "network", host: "127.0.0.1:8080" },
    ]);
    expect(detectSandboxDenials(output, policy)).toEqual([]);
  });

  it("network denials come from the library's violation lines, once per host", () => {
    const lines = [
      "deny network-outbound example.com:443 (host is not on the allow list)",
      "deny network-outbound example.com:443 (host is not on the allow list)",
      "deny network-outbound 127.0.0.1:8080 (host is not on the allow list)",
    ];
    expect(detectSandboxDenials("", policy, lines)).toEqual([
      { kind: "network", host: "example.com:443" },
      { kind: "network", host: "127.0.0.1:8080" },
    ]);
  });

  it("macOS: Seatbelt's 'Operation not permitted' outside allow_write is a write denial there only", () => {
    const line = "touch: /Users/ada/x: Operation not permitted";
    expect(detectSandboxDenials(line, policy, [], "darwin")).toEqual([
      { kind: "write", path: "/Users/ada/x" },
    ]);
    expect(detectSandboxDenials(line, policy, [], "linux")).toEqual([]);
  });

  it("ordinary output is not a denial", () => {
    expect(detectSandboxDenials("built /work/dist/app.js in 3s\nhello", policy)).toEqual([]);
  });

  it("a refused write through a relative path names that path, resolved against the cwd, never the shell", () => {
    const line = "/usr/bin/bash: line 1: ../outside.txt: Read-only file system";
    // Inside allow_write: the sandbox did not refuse it.
    expect(detectSandboxDenials(line, policy, [], "linux", { cwd: "/work/app" })).toEqual([]);
    expect(
      detectSandboxDenials(line, { ...policy, allowWrite: ["/work/app"] }, [], "linux", { cwd: "/work/app" }),
    ).toEqual([{ kind: "write", path: "/work/outside.txt" }]);
    expect(
      detectSandboxDenials("touch: cannot touch 'x': Read-only file system", policy, [], "linux", {
        cwd: "/srv",
      }),
    ).toEqual([{ kind: "write", path: "/srv/x" }]);
    // Unresolvable: nothing is named rather than the wrong file.
    expect(detectSandboxDenials(line, { ...policy, allowWrite: [] })).toEqual([]);
  });

  it("a file missing on the host too is no denied read (ls ~/.ssh with no ~/.ssh)", () => {
    const line = "ls: cannot access '/home/ada/.ssh': No such file or directory";
    expect(detectSandboxDenials(line, policy, [], "linux", { exists: () => false })).toEqual([]);
    expect(detectSandboxDenials(line, policy, [], "linux", { exists: () => true })).toEqual([
      { kind: "read", path: "/home/ada/.ssh" },
    ]);
    expect(
      detectSandboxDenials("cat: .netrc: No such file or directory", policy, [], "linux", {
        cwd: "/home/ada",
        exists: (target) => target === "/home/ada/.netrc",
      }),
    ).toEqual([{ kind: "read", path: "/home/ada/.netrc" }]);
  });
});
