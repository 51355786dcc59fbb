import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../../src/safety/index.js";

let strict: SafetyGate;
let permissive: SafetyGate;
beforeAll(async () => {
  strict = await createSafetyGate({ profile: "strict" });
  permissive = await createSafetyGate({ profile: "permissive" });
});

describe("commands sent to another machine", () => {
  it("judges the words ssh joins as the remote shell parses them", () => {
    expect(strict.check("ssh prod sudo reboot").rule).toBe("privilege.sudo");
    expect(strict.check("ssh prod 'echo ok && sudo reboot'").allowed).toBe(false);
    expect(strict.check("ssh host sudo\\ reboot").allowed).toBe(false);
    expect(strict.check("ssh host 'echo rm -rf /'").allowed).toBe(true);
  });

  it("reads ssh's options before and after the destination, and -- ", () => {
    expect(strict.check("ssh -p 2222 -J bastion admin@10.0.0.5 -t sudo -i").allowed).toBe(false);
    expect(strict.check("ssh -- host rm -rf /var").allowed).toBe(false);
    expect(strict.check("ssh -N -L 8080:localhost:80 host").allowed).toBe(true);
    expect(strict.check("ssh -O exit host").allowed).toBe(true);
  });

  it("blocks in permissive what permissive would block here", () => {
    expect(permissive.check("ssh host rm -rf /").allowed).toBe(false);
    expect(permissive.check("ssh host sudo reboot").allowed).toBe(true);
  });

  it("starts the remote shell in its unknown home", () => {
    expect(strict.check("ssh host 'rm -rf *'").rule).toBe("delete.home");
    expect(strict.check("ssh host rm -rf ./build").allowed).toBe(true);
    // Nothing the local script set reaches the remote shell.
    expect(strict.check("x=/tmp/build; ssh host 'rm -rf $x'").allowed).toBe(true);
  });

  it("judges a script the remote shell reads from a heredoc, not a file of the repository", () => {
    expect(strict.check("ssh host <<'EOF'\nsudo reboot\nEOF").allowed).toBe(false);
    expect(strict.check("ssh host bash -s <<'EOF'\nrm -rf /etc\nEOF").allowed).toBe(false);
    expect(strict.check("ssh host bash -s < deploy.sh").allowed).toBe(true);
  });

  it("says the command runs on another machine", () => {
    expect(strict.check("ssh prod sudo reboot").reason).toMatch(
      /^Blocked: ssh prod runs this on another machine/,
    );
  });

  it("reads ansible, pdsh and salt", () => {
    expect(permissive.check("ansible all -m shell -a 'rm -rf /'").allowed).toBe(false);
    expect(strict.check("ansible all -b -a uptime").rule).toBe("privilege.sudo");
    expect(strict.check("ansible all -m ping").allowed).toBe(true);
    expect(strict.check("ansible all -m file -a 'path=/etc state=absent'").allowed).toBe(false);
    expect(strict.check("pdsh -w node[01-10] sudo reboot").allowed).toBe(false);
    expect(strict.check("pdsh -w node[01-10] uptime").allowed).toBe(true);
    expect(strict.check("salt '*' cmd.run 'rm -rf /'").allowed).toBe(false);
  });
});
