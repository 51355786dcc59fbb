import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  carriesCredential,
  isCredentialName,
  isCredentialValue,
  nameWords,
} from "../../../src/execution/environment/credential-rules.js";

describe("credential rules", () => {
  it("match whole words, never substrings", () => {
    for (const name of ["MONKEY", "TOKENIZERS_PARALLELISM", "KEYBOARD", "SORT_KEY", "SSH_AUTH_SOCK", "PWD"]) {
      expect(isCredentialName(name), name).toBe(false);
    }
    for (const name of [
      "GITHUB_TOKEN",
      "MY_SECRET",
      "DB_PASSWORD",
      "OPENAI_API_KEY",
      "STRIPE_APIKEY",
      "AWS_SECRET_ACCESS_KEY",
      "npm_config__authToken",
      "ssh_private_key",
      "PGPASSWORD",
      "client-secret",
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
  });

  it("split names at separators and camelCase", () => {
    expect(nameWords("npm_config__authToken")).toEqual(["NPM", "CONFIG", "AUTH", "TOKEN"]);
    expect(nameWords("a.b-c")).toEqual(["A", "B", "C"]);
  });

  it("catch values that carry credentials whatever the name", () => {
    expect(isCredentialValue("postgres://u:secret@db.example:5432/app")).toBe(true);
    expect(isCredentialValue("https://x-access:ghp_abc@github.com/o/r.git")).toBe(true);
    expect(isCredentialValue(`ghp_${"a".repeat(36)}`)).toBe(true);
    expect(isCredentialValue("https://example.com/path")).toBe(false);
    expect(isCredentialValue("postgres://user@db/app")).toBe(false);
    expect(isCredentialValue("/usr/bin:/bin")).toBe(false);
    expect(carriesCredential("DATABASE_URL", "postgres://u:secret@db/app")).toBe(true);
  });

  it("never flag a name made only of non-credential words", () => {
    const plain = fc.constantFrom("PATH", "HOME", "LANG", "MONKEY", "TOKENIZERS", "KEYS", "SORT", "NODE");
    fc.assert(
      fc.property(fc.array(plain, { minLength: 1, maxLength: 4 }), (words) => {
        expect(isCredentialName(words.join("_"))).toBe(false);
      }),
    );
  });
});
