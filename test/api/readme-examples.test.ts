import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipUnderWine } from "../support/platform.js";

// The README's library examples must run as written: each `ts` block of the api section is run
// with `import … from "shellgate"` pointed at the sources, and its printed lines are checked.

const run = promisify(execFile);
const repository = fileURLToPath(new URL("../..", import.meta.url));
const entry = pathToFileURL(path.join(repository, "src/index.ts")).href;
const platforms = pathToFileURL(path.join(repository, "platforms/index.ts")).href;

let directory: string;
let examples: string[] = [];
let outputs: Promise<{ stdout: string; stderr: string }>[] = [];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-readme-"));
  const readme = await readFile(path.join(repository, "README.md"), "utf8");
  const section = /<!-- section:api -->([\s\S]*?)<!-- \/section:api -->/.exec(readme)?.[1] ?? "";
  examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  // Started together: each is a separate Node process, most of it start-up time.
  outputs = examples.map((_example, index) => runExample(index));
  await Promise.allSettled(outputs);
}, 200_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function runExample(index: number): Promise<{ stdout: string; stderr: string }> {
  const source = (examples[index] ?? "")
    .replaceAll('from "shellgate"', `from ${JSON.stringify(entry)}`)
    .replaceAll('from "shellgate/platforms"', `from ${JSON.stringify(platforms)}`);
  const file = path.join(directory, `example-${index}.mts`);
  await writeFile(file, source);
  // Generous: three Node processes start at once, each compiling the sources (slow under Wine).
  return run(process.execPath, ["--import", "tsx", file], { cwd: repository, timeout: 180_000 });
}

describe("README library examples", () => {
  it("has the examples this test checks", () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it("createShellgate: runs a command and prints the model text and the exit code", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const { stdout } = await outputs[0]!;
    expect(stdout).toBe('false "hello\\n[exit code: 3]"\n3\n');
  });

  it("host callbacks: the approver refuses and the model reads why", async () => {
    const { stdout, stderr } = await outputs[1]!;
    expect(stderr).toMatch(/^approve\? ls in \S+ \(profile strict\)/);
    expect(stdout).toBe(
      "Command not run: the user did not approve it: only git commands today. Do not retry it unchanged; ask what to do instead.\n",
    );
  });

  it("lower-level pieces: platform, gate, one run, the executor seam", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const { stdout } = await outputs[2]!;
    expect(stdout).toBe('true\nfalse true\n"[stderr]\\nhi\\n[exit code: 1]"\nrunning\ndone: killed\n');
  });
});
