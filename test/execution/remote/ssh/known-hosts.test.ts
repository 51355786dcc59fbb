import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkHostKey,
  fingerprintOf,
  listedKeyTypes,
} from "../../../../src/execution/remote/ssh/known-hosts.js";

function sshString(value: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
}

/** A key blob as SSH sends it: the type, then the 32-byte public key. */
function ed25519Blob(): Buffer {
  return Buffer.concat([sshString(Buffer.from("ssh-ed25519")), sshString(randomBytes(32))]);
}

const key = ed25519Blob();
const other = ed25519Blob();
const entry = (hosts: string, blob: Buffer, marker = "") =>
  `${marker}${hosts} ssh-ed25519 ${blob.toString("base64")} comment`;

function hashed(name: string): string {
  const salt = randomBytes(20);
  return `|1|${salt.toString("base64")}|${createHmac("sha1", salt).update(name).digest("base64")}`;
}

describe("checkHostKey", () => {
  it("accepts only the listed key, for plain, bracketed, wildcard and hashed names", () => {
    expect(checkHostKey(entry("build.example", key), "build.example", 22, key)).toEqual({ kind: "known" });
    expect(checkHostKey(entry("[127.0.0.1]:2222", key), "127.0.0.1", 2222, key)).toEqual({ kind: "known" });
    expect(checkHostKey(entry("*.example,!bad.example", key), "ci.example", 22, key)).toEqual({
      kind: "known",
    });
    expect(checkHostKey(entry("*.example,!bad.example", key), "bad.example", 22, key).kind).toBe("unknown");
    expect(checkHostKey(entry(hashed("[h]:2200"), key), "h", 2200, key)).toEqual({ kind: "known" });
    // The port is part of the name: the same host on another port is another host.
    expect(checkHostKey(entry("[127.0.0.1]:2222", key), "127.0.0.1", 22, key).kind).toBe("unknown");
  });

  it("refuses an unknown host and a changed key, with the fingerprints", () => {
    const unknown = checkHostKey("# nothing here\n", "new.example", 22, key);
    expect(unknown).toEqual({ kind: "unknown", fingerprint: fingerprintOf(key) });
    expect(fingerprintOf(key)).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    const changed = checkHostKey(entry("h", other), "h", 22, key);
    expect(changed).toEqual({
      kind: "changed",
      fingerprint: fingerprintOf(key),
      listed: [`ssh-ed25519 ${fingerprintOf(other)}`],
    });
  });

  it("refuses a revoked key even when it is also listed, and ignores cert-authority lines", () => {
    const file = [entry("h", key), entry("h", key, "@revoked ")].join("\n");
    expect(checkHostKey(file, "h", 22, key).kind).toBe("revoked");
    expect(checkHostKey(entry("h", key, "@cert-authority "), "h", 22, key).kind).toBe("unknown");
  });

  it("lists the key types known for the host", () => {
    const file = `${entry("h", key)}\nh ssh-rsa AAAA\nother ecdsa-sha2-nistp256 AAAA`;
    expect(listedKeyTypes(file, "h", 22)).toEqual(["ssh-ed25519", "ssh-rsa"]);
  });
});
