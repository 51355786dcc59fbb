import { describe, expect, it } from "vitest";
import { runOptionsFromConfig } from "../../../src/api/config-options.js";
import { parseConfig } from "../../../src/config/parse-config.js";

describe("runOptionsFromConfig", () => {
  it("maps the config keys to camelCase run options", () => {
    const options = runOptionsFromConfig(
      parseConfig({
        timeout: 12,
        max_concurrent: 2,
        kill_background_children: false,
        kill_grace_ms: 500,
        max_output_bytes: 5000,
        spill_max_bytes: 2048,
        spill_dir: "/tmp/s",
        env_scrub: false,
        env_allow: ["A_*"],
        env_deny: ["B"],
        working_dir: "/work",
      }),
    );
    expect(options).toMatchObject({
      cwd: "/work",
      defaultTimeout: 12,
      killBackgroundChildren: false,
      killGraceMs: 500,
      maxOutputBytes: 5000,
      spillMaxBytes: 2048,
      spillDirectory: "/tmp/s",
      envScrub: false,
      envAllow: ["A_*"],
      envDeny: ["B"],
    });
    expect(options.concurrency?.limit).toBe(2);
  });

  it("leaves unset keys to the defaults", () => {
    const options = runOptionsFromConfig(parseConfig({}));
    expect(options.concurrency).toBeUndefined();
    expect(options.spillDirectory).toBeUndefined();
    expect(options.killBackgroundChildren).toBe(true);
  });
});
