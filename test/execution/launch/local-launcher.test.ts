import path from "node:path";
import { describe, expect, it, vi } from "vitest";

// Every local start goes through the execution layer's one spawn path, so a plan that asks for
// cross-spawn (kind `none`: `.cmd` shims and PATHEXT on Windows) gets it from the launcher too.
const crossSpawnCalls = vi.hoisted(() => [] as string[]);
vi.mock("cross-spawn", async (importOriginal) => {
  const original = (await importOriginal<{ default: typeof import("cross-spawn") }>()).default as unknown as {
    _parse: (file: string, ...rest: unknown[]) => unknown;
    _enoent: unknown;
  };
  // The spawn path uses cross-spawn's own two steps (decide the command line, hook its ENOENT
  // fix-up), so the Job Object launcher can go in front on Windows; the decision step is counted.
  const wrapped = {
    _parse: (file: string, ...rest: unknown[]) => {
      crossSpawnCalls.push(file);
      return original._parse(file, ...rest);
    },
    _enoent: original._enoent,
  };
  return { default: wrapped };
});

const { prepareStart } = await import("../../../src/execution/prepare/prepare-start.js");
const { createLocalLauncher } = await import("../../../src/execution/launch/local-launcher.js");

describe("the local launcher", () => {
  it("honours the plan's cross-spawn flag when no shell exists", async () => {
    const prepared = await prepareStart("node --version", {
      resolution: {
        platform: process.platform,
        kind: "none",
        path: null,
        source: "test",
        warnings: [],
        trace: [],
      },
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(prepared.plan.crossSpawn).toBe(true);
    const chunks: Buffer[] = [];
    const launched = await createLocalLauncher().launch(prepared.plan, {
      kind: "pipes",
      stdin: "open",
      onOutput: (_stream, chunk) => chunks.push(chunk),
    });
    expect(await launched.exited).toEqual({ code: 0, signal: null });
    await launched.drained;
    launched.release();
    // On Windows the direct plan names the program by the path its lookup found (`…\node.exe`).
    expect(crossSpawnCalls.map((file) => path.basename(file).replace(/\.exe$/i, ""))).toEqual(["node"]);
    expect(Buffer.concat(chunks).toString()).toMatch(/^v\d+/);
  });
});
