import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipUnderWine, underWine } from "../../support/platform.js";

// The README's framework examples run as written, with the real frameworks: `shellgate` and its
// subpaths point at the sources, each example runs in its own Node process.

const run = promisify(execFile);
const repository = fileURLToPath(new URL("../../..", import.meta.url));
const source = (relative: string) => JSON.stringify(pathToFileURL(path.join(repository, relative)).href);
const SUBPATHS: Record<string, string> = {
  "shellgate/ai-sdk": "src/surfaces/adapters/ai-sdk.ts",
  "shellgate/openai-agents": "src/surfaces/adapters/openai-agents.ts",
  "shellgate/langchain": "src/surfaces/adapters/langchain.ts",
  shellgate: "src/index.ts",
};

let directory: string;
let examples: string[] = [];
let outputs: Promise<{ stdout: string }>[] = [];

beforeAll(async () => {
  // Inside node_modules, so the examples' own imports of the frameworks resolve to the devDependencies.
  directory = await mkdtemp(path.join(repository, "node_modules", ".shellgate-readme-adapters-"));
  const readme = await readFile(path.join(repository, "README.md"), "utf8");
  const section = /<!-- section:install -->([\s\S]*?)<!-- \/section:install -->/.exec(readme)?.[1] ?? "";
  examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  // One at a time: each transpiles the sources cold, and three at once on a loaded 2-core machine
  // (or under Wine) can run past any fixed time; the deadline is only there for a hung process.
  const results: Promise<{ stdout: string }>[] = [];
  for (const [index, example] of examples.entries()) {
    // The AI SDK example runs a command, which Wine's stand-in bash.exe cannot (its test skips).
    if (index === 0 && underWine) {
      results.push(Promise.resolve({ stdout: "" }));
      continue;
    }
    let code = example;
    for (const [name, file] of Object.entries(SUBPATHS))
      code = code.replaceAll(`from "${name}"`, `from ${source(file)}`);
    const file = path.join(directory, `adapter-${index}.mts`);
    await writeFile(file, code);
    const result = run(process.execPath, ["--import", "tsx", file], { cwd: repository, timeout: 240_000 });
    await result.catch(() => undefined);
    results.push(result);
  }
  outputs = results;
}, 800_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("README framework examples", () => {
  it("has one example per framework, each under ten lines", () => {
    expect(examples).toHaveLength(3);
    for (const example of examples) expect(example.trimEnd().split("\n").length).toBeLessThan(10);
  });

  it("AI SDK: runs a command", async (context) => {
    skipUnderWine(context, "no-git-bash");
    expect((await outputs[0]!).stdout).toBe("hi\n\n");
  });

  it("OpenAI Agents: hands the agent shellgate's tools", async () => {
    expect((await outputs[1]!).stdout).toBe("bash, bash_output, bash_kill\n");
  });

  it("LangChain: a blocked command is an error ToolMessage with the gate's text", async () => {
    expect((await outputs[2]!).stdout).toBe("error true\n");
  });
});
