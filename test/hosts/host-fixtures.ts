// Loads the recorded hosts in this folder. Each `<name>.json` holds
// `{ "host": <host snapshot>, "config": { "windows_shell"?, "bash_path"? }, "expect": {...} }`;
// `expect.warnings` lists, in order, a substring of each warning the resolution must give.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseHostSnapshot } from "../../platforms/host/snapshot-schema.js";

const directory = fileURLToPath(new URL(".", import.meta.url));

const fixtureSchema = z.strictObject({
  host: z.unknown(),
  config: z
    .strictObject({ windows_shell: z.string().optional(), bash_path: z.string().optional() })
    .default({}),
  expect: z.strictObject({
    kind: z.enum(["bash", "sh", "gitbash", "cygwin", "wsl", "none"]),
    path: z.string().nullable(),
    source: z.string(),
    distro: z.string().optional(),
    version: z.string().optional(),
    flavor: z.enum(["git-for-windows", "msys2"]).optional(),
    home: z.string().optional(),
    warnings: z.array(z.string()),
  }),
});

export type HostFixture = z.output<typeof fixtureSchema> & { name: string; file: string };

export function loadHostFixtures(): HostFixture[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const path = `${directory}${file}`;
      const fixture = fixtureSchema.parse(JSON.parse(readFileSync(path, "utf8")));
      parseHostSnapshot(fixture.host);
      return { ...fixture, name: file.replace(/\.json$/, ""), file: path };
    });
}

export const hostFixtureDirectory = directory;
