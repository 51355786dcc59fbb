import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../src/config/default-config.generated.js";
import { loadConfig } from "../../src/config/load-config.js";
import { parseConfig } from "../../src/config/parse-config.js";

describe("the generated default config", () => {
  it("is what the schema makes of an empty config (else: npm run build && node scripts/generate-default-config.mjs)", () => {
    expect(DEFAULT_CONFIG).toStrictEqual(parseConfig({}));
  });

  it("is what loadConfig returns without a config file, a copy each time", async () => {
    const cwd = process.cwd();
    const first = await loadConfig(undefined, `${cwd}/test/config/no-such-folder`, {});
    expect(first).toStrictEqual(DEFAULT_CONFIG);
    first.allowed_commands.push("changed");
    expect(await loadConfig(undefined, `${cwd}/test/config/no-such-folder`, {})).toStrictEqual(
      DEFAULT_CONFIG,
    );
  });
});
