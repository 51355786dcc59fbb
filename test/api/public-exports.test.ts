import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as shellgate from "../../src/index.js";

// The package root is the documented face: adding a runtime export is a decision made here and
// in the README, not a side effect of a new file.
const PUBLIC_NAMES = [
  "ConfigError",
  "ExecutionError",
  "ManagedProcessError",
  "SAFETY_PROFILES",
  "SafetyConfigError",
  "SpawnPlanError",
  "TaskAccessError",
  "bashInputSchema",
  "blockedText",
  "checkCommand",
  "configSchema",
  "createConcurrencyCounter",
  "createLocalExecutor",
  "createLocalExecutorFromConfig",
  "createMcpServer",
  "createProcessManager",
  "createRealHost",
  "createSafetyGate",
  "createShellgate",
  "createSnapshotHost",
  "describeShell",
  "loadConfig",
  "managedActionSchemas",
  "managedSettingsFromConfig",
  "parseConfig",
  "planSpawn",
  "presentCall",
  "presentResult",
  "renderRunText",
  "renderTaskDoneNotice",
  "resolveShell",
  "runCommand",
  "runOptionsFromConfig",
  "safetyGateOptionsFromConfig",
  "serveStdio",
  "terminateTree",
  "toSpecResult",
  "toolJsonSchema",
  "validateToolInput",
];

describe("the package's public face", () => {
  it("exports exactly the pinned runtime names, at most 40", () => {
    expect(Object.keys(shellgate).sort()).toEqual([...PUBLIC_NAMES].sort());
    expect(PUBLIC_NAMES.length).toBeLessThanOrEqual(40);
  });

  it("documents every exported name in the README", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const undocumented = PUBLIC_NAMES.filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
