import { describe, expect, it } from "vitest";
import { isCredentialValue, looksRandom } from "../../../src/execution/environment/credential-values.js";
import {
  REALISTIC_ENVIRONMENTS,
  SECRETS_BY_SHAPE,
} from "../../fixtures/environment/realistic-environments.js";

describe("credential values by shape", () => {
  it("recognise token formats, JWTs, connection strings, authorization and cookie headers", () => {
    for (const name of [
      "CI_DEPLOY_HELPER",
      "ID_TOKEN_FROM_OIDC",
      "SQLSERVER",
      "AZURE_STORAGE",
      "HTTP_AUTHORIZATION",
      "API_HEADERS",
      "SESSION_JAR",
      "STRIPE",
      "PAYMENTS_RESTRICTED",
      "ALERTS",
      "OPENAI_KEY",
      "ANTHROPIC",
      "PRESIGNED",
      "MYSQL_OPTS",
      "HF_HUB",
      "NPM_PUBLISH",
      "AWS_TEMP_ID",
      "SIGNING",
    ]) {
      expect(isCredentialValue(SECRETS_BY_SHAPE[name] as string), name).toBe(true);
    }
  });

  it("leave every value of realistic hosts alone (paths, LS_COLORS, prompts, hashes, ids, URLs)", () => {
    for (const [host, environment] of Object.entries(REALISTIC_ENVIRONMENTS)) {
      for (const [name, value] of Object.entries(environment)) {
        expect(isCredentialValue(value), `${host} ${name}=${value}`).toBe(false);
      }
    }
  });

  it("take only machine-made text for random: not hex hashes, UUIDs, words or paths", () => {
    expect(looksRandom("Zk3cD9fQm2pLx7Rt4vWb8nYs6uHa1eJo")).toBe(true);
    expect(looksRandom("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")).toBe(true);
    for (const value of [
      "3f786850e387550fdab836ed7e6dc881de23001b",
      "A035C8C19219BA821ECEA86B64E628F8D684696D",
      "6A3CE6D5-8B2F-4C3A-9B1E-2D4F6A8B0C1E",
      "node-modules-v3-linux-x64",
      "production-eu-west-1",
      "short1A",
      "/home/User1/projects/App2/key.pem",
      "https://example.com/Path1",
    ]) {
      expect(looksRandom(value), value).toBe(false);
    }
  });
});
