import { describe, expect, it } from "vitest";
import { createTemplateCache, type TemplateSample } from "../../../src/execution/sandbox/template-cache.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

function fakeLibrary(options: { nonce?: boolean } = {}) {
  const made: string[] = [];
  const retired: string[] = [];
  let draws = 0;
  return {
    made,
    retired,
    random: (size: number) => {
      draws += 1;
      return Buffer.alloc(size, 64 + draws);
    },
    sample: async (id: string): Promise<TemplateSample> => {
      made.push(id);
      const argv = ["bwrap", `srt.${b64(id)}`, ...(options.nonce ? [`nonce-${made.length}`] : [])];
      return { argv, retire: () => retired.push(id) };
    },
  };
}

describe("createTemplateCache", () => {
  it("wraps twice for the first command, then never again until the template is old", async () => {
    let clock = 0;
    const library = fakeLibrary();
    const cache = createTemplateCache({ ...library, maxAgeMs: 1000, now: () => clock });
    const first = await cache.acquire();
    expect(first?.argv).toEqual(["bwrap", `srt.${b64(first?.id ?? "")}`]);
    const second = await cache.acquire();
    const third = await cache.acquire();
    expect(library.made).toHaveLength(2);
    expect(new Set([first?.id, second?.id, third?.id]).size).toBe(3);
    expect(third?.argv).toEqual(["bwrap", `srt.${b64(third?.id ?? "")}`]);
    first?.done();
    second?.done();
    third?.done();
    expect(library.retired).toEqual([]);
    clock = 2000;
    const stale = await cache.acquire();
    expect(stale).toBeDefined();
    // The stale template served this command; the fresh one is made in the background.
    await new Promise((resolve) => setImmediate(resolve));
    await cache.acquire();
    expect(library.made).toHaveLength(4);
    stale?.done();
    // The old wraps are given back once nothing uses them.
    expect(library.retired).toEqual(library.made.slice(0, 2));
    await cache.close();
    expect(library.retired).toHaveLength(4);
  });

  it("says so when wraps are not templates (each command is then wrapped on its own)", async () => {
    const library = fakeLibrary({ nonce: true });
    const cache = createTemplateCache({ ...library, maxAgeMs: 1000 });
    const first = await cache.acquire();
    expect(first).toBeDefined();
    expect(await cache.acquire()).toBeUndefined();
    first?.done();
    expect(library.retired).toHaveLength(2);
    await cache.close();
  });
});
