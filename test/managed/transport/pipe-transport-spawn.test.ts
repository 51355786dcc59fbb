import { describe, expect, it, vi } from "vitest";

// Managed pipes start through the execution layer's one spawn path, so a plan that asks for
// cross-spawn (kind `none`: `.cmd` shims and PATHEXT on Windows) gets it here as well.
const crossSpawnCalls = vi.hoisted(() => [] as string[]);
vi.mock("cross-spawn", async (importOriginal) => {
  const original = (await importOriginal<{ default: typeof import("cross-spawn") }>()).default as unknown as {
    _parse: (file: string, ...rest: unknown[]) => unknown;
    _enoent: unknown;
  };
  // The spawn path uses cross-spawn's own two steps (decide the command line, hook its ENOENT
  // fix-up), so the launcher can go in front on Windows; the decision step is what is counted.
  const wrapped = {
    _parse: (file: string, ...rest: unknown[]) => {
      crossSpawnCalls.push(file);
      return original._parse(file, ...rest);
    },
    _enoent: original._enoent,
  };
  return { default: wrapped };
});

const { planSpawn } = await import("../../../src/execution/spawn/plan-spawn.js");
const { planManagedStart } = await import("../../../src/managed/spawn/plan-managed-start.js");
const { spawnPipeTransport } = await import("../../../src/managed/transport/pipe-transport.js");

describe("managed pipe transport", () => {
  it("honours the plan's cross-spawn flag when no shell exists", async () => {
    const plan = planManagedStart(
      {
        resolution: {
          platform: process.platform,
          kind: "none",
          path: null,
          source: "test",
          warnings: [],
          trace: [],
        },
        command: "node --version",
        cwd: process.cwd(),
        pty: false,
        processId: "cross-spawn-test",
        environment: { PATH: process.env.PATH ?? "" },
      },
      planSpawn,
    );
    expect(plan.spawn.crossSpawn).toBe(true);
    const chunks: Uint8Array[] = [];
    const transport = await spawnPipeTransport(plan.spawn, process.platform, {
      onOutput: (_stream, bytes) => chunks.push(bytes),
    });
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    await transport.drained;
    expect(crossSpawnCalls).toEqual(["node"]);
    expect(Buffer.concat(chunks).toString()).toMatch(/^v\d+/);
  });
});
