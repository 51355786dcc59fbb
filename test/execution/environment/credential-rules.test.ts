import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEnvironment } from "../../../src/execution/environment/build-environment.js";
import {
  carriesCredential,
  isCredentialName,
  isCredentialValue,
  nameWords,
} from "../../../src/execution/environment/credential-rules.js";
import {
  REALISTIC_ENVIRONMENTS,
  SECRETS_BY_SHAPE,
} from "../../fixtures/environment/realistic-environments.js";

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

  it("drop what the issue found still reaching commands: by shape, and by names the words missed", () => {
    for (const [name, value] of Object.entries(SECRETS_BY_SHAPE)) {
      expect(carriesCredential(name, value), `${name}=${value}`).toBe(true);
    }
    for (const name of [
      "SECRETKEY",
      "pass",
      "DB_PASS",
      "DB_PWD",
      "KUBECONFIG_DATA",
      "KUBE_CONFIG_DATA",
      "AUTHTOKEN",
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of ["PWD", "OLDPWD", "BYPASS", "GIT_ASKPASS", "KUBECONFIG", "COMPASS_HOME"]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });

  it("drop a random-looking value only under a name that suggests a secret", () => {
    const random = "Zk3cD9fQm2pLx7Rt4vWb8nYs6uHa1eJo";
    for (const name of ["SENTRY_AUTH", "OPENAI_KEY", "WEBHOOK_SIGNATURE", "APP_SALT", "CRYPTKEY"]) {
      expect(carriesCredential(name, random), name).toBe(true);
    }
    expect(carriesCredential("CACHE_KEY", "node-modules-v3-linux-x64")).toBe(false);
    expect(carriesCredential("SORT_KEY", "created_at")).toBe(false);
    expect(carriesCredential("BUILD_ID", random)).toBe(false);
  });

  it("keep every variable of realistic hosts (GitHub Actions, a desktop, a container, macOS, Windows)", () => {
    for (const [host, environment] of Object.entries(REALISTIC_ENVIRONMENTS)) {
      const built = buildEnvironment(environment, {
        platform: host.startsWith("WINDOWS") ? "win32" : "linux",
      });
      const dropped = Object.keys(environment).filter((name) => !(name in built));
      expect(dropped, host).toEqual([]);
    }
  });

  it("keep SSH_AUTH_SOCK on purpose, and let env_keep keep a secret the rules would drop", () => {
    expect(carriesCredential("SSH_AUTH_SOCK", "/private/tmp/com.apple.launchd.Kq7Wm2PzXr/Listeners")).toBe(
      false,
    );
    const environment = { ...SECRETS_BY_SHAPE, PATH: "/usr/bin" };
    const built = buildEnvironment(environment, { allow: ["STRIPE", "KUBE*"] });
    expect(
      Object.keys(built)
        .filter((name) => name in SECRETS_BY_SHAPE)
        .sort(),
    ).toEqual(["KUBECONFIG_DATA", "KUBE_CONFIG_DATA", "STRIPE"]);
  });
});
