// Done-when check for the package: `npm pack`, install the tarball into an empty folder (then the
// three frameworks and the MCP Inspector next to it), and use it as a new user would: the bin,
// `require` and `import` of the root, each adapter with its framework, a consumer type-checked
// with skipLibCheck: false, and the README's MCP client snippets run as written.
// Run: npm run build && node scripts/check-installed-package.mjs   (needs the npm registry)
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readmeBlocks } from "./readme-blocks.mjs";
import { readmeMcpSnippets } from "./readme-mcp-snippets.mjs";

const repository = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
const work = mkdtempSync(path.join(tmpdir(), "shellgate-installed-"));
const app = path.join(work, "app");
const failures = [];

function step(name, check) {
  const at = performance.now();
  try {
    const detail = check();
    console.log(
      `ok   ${name} (${((performance.now() - at) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ""}`,
    );
  } catch (error) {
    failures.push(name);
    console.log(
      `FAIL ${name}: ${String(`${error.stdout ?? ""}${error.stderr ?? ""}` || error.message || error)
        .trim()
        .split("\n")
        .slice(-8)
        .join("\n     ")}`,
    );
  }
}

async function stepAsync(name, check) {
  const at = performance.now();
  try {
    const detail = await check();
    console.log(
      `ok   ${name} (${((performance.now() - at) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ""}`,
    );
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name}: ${String(error.message ?? error).trim()}`);
  }
}

const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: app, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });
const node = (args) => run(process.execPath, args);

function directorySize(directory, skipNested = false) {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory() && skipNested && entry.name === "node_modules") continue;
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The on-disk size of a package and everything it depends on (hoisted or nested), counted once each. */
function installedSize(root, name) {
  const seen = new Set();
  let total = 0;
  let optional = 0;
  // Node's lookup: the package's own node_modules, then each parent's, up to the app.
  const locate = (from, dependency) => {
    for (let directory = from; directory.startsWith(root); directory = path.dirname(directory)) {
      const candidate = path.join(directory, "node_modules", dependency);
      if (existsSync(path.join(candidate, "package.json"))) return candidate;
    }
    return undefined; // an optional dependency that did not install
  };
  const visit = (from, dependency, isOptional) => {
    const directory = locate(from, dependency);
    if (directory === undefined || seen.has(directory)) return;
    seen.add(directory);
    const manifest = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8"));
    const own = directorySize(directory, true);
    total += own;
    if (isOptional) optional += own;
    for (const child of Object.keys(manifest.dependencies ?? {})) visit(directory, child, isOptional);
    for (const child of Object.keys(manifest.optionalDependencies ?? {})) visit(directory, child, true);
  };
  visit(root, name, false);
  return { total, optional };
}

/** Starts an MCP server as a client config says, then initialize, tools/list and a bash call without a description. */
function talkToServer(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no answer within 60 s from ${command} ${args.join(" ")}; stderr: ${stderr}`));
    }, 60_000);
    let buffered = "";
    let stderr = "";
    const answers = new Map();
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      buffered += text;
      const lines = buffered.split("\n");
      buffered = lines.pop();
      for (const line of lines) {
        const message = JSON.parse(line);
        answers.set(message.id, message);
      }
      if (answers.has(3)) {
        clearTimeout(timer);
        child.stdin.end();
        const tools = answers.get(2).result.tools.map((tool) => tool.name);
        const call = answers.get(3).result;
        if (call.isError || call.content[0].text !== "from the snippet\n")
          reject(new Error(JSON.stringify(call)));
        else resolve(`tools ${tools.join(", ")}; bash without a description ran`);
      }
    });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "check", version: "1" },
      },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list", params: {} });
    send({
      id: 3,
      method: "tools/call",
      params: { name: "bash", arguments: { command: "echo from the snippet" } },
    });
  });
}

let tarball;
step("npm pack", () => {
  const [packed] = JSON.parse(
    run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: repository }),
  );
  tarball = path.join(work, packed.filename);
  const maps = packed.files.filter((file) => file.path.endsWith(".map"));
  if (maps.length > 0) throw new Error(`source maps shipped: ${maps[0].path}`);
  // The Windows launcher (src/execution/containment) ships prebuilt: an install needs no compiler.
  const launcher = "native/windows/shellgate-launch-x64.exe";
  if (!packed.files.some((file) => file.path === launcher))
    throw new Error(`${launcher} is not in the package`);
  // The bash grammar ships inside the package (vendor/tree-sitter-bash), with its licence.
  for (const file of ["vendor/tree-sitter-bash/tree-sitter-bash.wasm", "vendor/tree-sitter-bash/LICENSE"])
    if (!packed.files.some((entry) => entry.path === file)) throw new Error(`${file} is not in the package`);
  // The README's install lines name the tarball this step wrote; the next step installs it as they say.
  const [install] = readmeBlocks(path.join(repository, "README.md")).filter(
    (block) => block.section === "install" && block.lang === "sh",
  );
  if (!install?.code.includes(`npm install /path/to/shellgate/${packed.filename}`))
    throw new Error(`the README's install lines do not install ${packed.filename}`);
  return `${packed.filename}, ${packed.entryCount} files, ${megabytes(packed.unpackedSize)} unpacked`;
});

mkdirSync(app);
writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
// The install scripts npm names for shellgate's own tree (npm 11.19+ lists the ones it did not
// run): none (issue 25). koffi is not a dependency (only its script-free Windows binary packages
// are), and shellgate builds with `prepack`, not `prepare`, which npm names even for a tarball.
const EXPECTED_INSTALL_SCRIPTS = [];
// A folder of its own: installing the rest into the same folder afterwards hoists differently.
const alone = path.join(work, "alone");
step("install the tarball alone into an empty folder: the install scripts npm names", () => {
  mkdirSync(alone);
  writeFileSync(path.join(alone, "package.json"), JSON.stringify({ name: "alone", private: true }));
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", tarball], {
    cwd: alone,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
  const named = [...result.stderr.matchAll(/^npm warn install-scripts {3}(@?[^@\s]+)@/gm)].map(
    (match) => match[1],
  );
  const unexpected = named.filter((name) => !EXPECTED_INSTALL_SCRIPTS.includes(name));
  if (unexpected.length > 0)
    throw new Error(`install scripts of ${unexpected.join(", ")}:\n${result.stderr}`);
  return "none";
});

// The MCP SDK is bundled, and an optional peer only for `shellgate/mcp`'s declarations: a plain
// install leaves it (and its express/hono/ajv tree) out, and the server still runs.
await stepAsync("alone: the MCP SDK is not installed, and `shellgate mcp` answers", async () => {
  if (existsSync(path.join(alone, "node_modules", "@modelcontextprotocol", "sdk")))
    throw new Error("@modelcontextprotocol/sdk was installed with shellgate");
  const { total } = installedSize(alone, "shellgate");
  const answer = await talkToServer("npx", ["shellgate", "mcp"], alone);
  return `${answer}; shellgate with its dependencies: ${megabytes(total)} on disk`;
});

const npmInstall = (names) =>
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...names]);
step("install the tarball, the three frameworks and the MCP Inspector into an empty folder", () => {
  // The SDK as the README tells a TypeScript project importing shellgate/mcp to install it.
  npmInstall([
    tarball,
    "ai",
    "@openai/agents",
    "@langchain/core",
    "@modelcontextprotocol/sdk",
    "@modelcontextprotocol/inspector@0.15",
  ]);
  const { total, optional } = installedSize(app, "shellgate");
  return `shellgate with its dependencies: ${megabytes(total)} on disk, ${megabytes(optional)} of it optional (terminal, sandbox)`;
});

step("npx shellgate --version", () => {
  const version = run("npx", ["shellgate", "--version"]).trim();
  const { version: packed } = JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8"));
  if (version !== packed) throw new Error(`printed ${JSON.stringify(version)}, the package is ${packed}`);
  return version;
});
step('require("shellgate")', () =>
  node([
    "-e",
    'const s = require("shellgate"); if (typeof s.createShellgate !== "function") process.exit(1); console.log("ok")',
  ]).trim(),
);
step('import("shellgate") and its subpaths', () =>
  node([
    "--input-type=module",
    "-e",
    'const root = await import("shellgate"); await import("shellgate/platforms"); await import("shellgate/mcp"); console.log(typeof root.createShellgate);',
  ]).trim(),
);

const ADAPTER_CHECK = `
import { createShellgate } from "shellgate";
import { createAiSdkTools } from "shellgate/ai-sdk";
import { createOpenAIAgentsTools } from "shellgate/openai-agents";
import { createLangChainTools } from "shellgate/langchain";
import { RunContext } from "@openai/agents";
const shellgate = await createShellgate({ safety_profile: "standard" });
const input = { command: "echo adapted", description: "Say adapted" };
const ai = await createAiSdkTools(shellgate).bash.execute(input, { toolCallId: "1", messages: [] });
const agents = await createOpenAIAgentsTools(shellgate)[0].invoke(new RunContext({}), JSON.stringify(input));
const langchain = await createLangChainTools(shellgate)[0].invoke(input);
await shellgate.close();
console.log(JSON.stringify([ai.text, agents, langchain]));
`;
step("each adapter with its framework", () => {
  writeFileSync(path.join(app, "adapters.mjs"), ADAPTER_CHECK);
  const texts = JSON.parse(node(["adapters.mjs"]));
  if (!texts.every((text) => text === "adapted\n"))
    throw new Error(`unexpected results ${JSON.stringify(texts)}`);
  return "ai, @openai/agents, @langchain/core";
});

step("a consumer type-checks with skipLibCheck: false", () => {
  writeFileSync(
    path.join(app, "consumer.ts"),
    [
      // Every subpath but shellgate/ai-sdk: its .d.ts name ai's types, and ai's own .d.ts need
      // @types/json-schema, which is ai's business, not shellgate's.
      'import { createShellgate, type ToolDefinition } from "shellgate";',
      'import { resolveShell } from "shellgate/platforms";',
      'import { createMcpServer, serveStdio } from "shellgate/mcp";',
      'import { createOpenAIAgentsTools } from "shellgate/openai-agents";',
      'import { createLangChainTools } from "shellgate/langchain";',
      "const shellgate = await createShellgate({});",
      "const tools: ToolDefinition[] = shellgate.tools();",
      'const server = createMcpServer(tools, { version: "1", ownerId: "consumer" });',
      "console.log(tools.length, typeof resolveShell, typeof serveStdio, typeof server.connect);",
      "console.log(createOpenAIAgentsTools(shellgate).length, createLangChainTools(shellgate).length);",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: ["node"],
        typeRoots: [path.join(repository, "node_modules", "@types")],
      },
      files: ["consumer.ts"],
    }),
  );
  node([path.join(repository, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
});

const { configs, inspector } = readmeMcpSnippets(path.join(repository, "README.md"));
writeFileSync(path.join(app, "shellgate.config.json"), JSON.stringify({ working_dir: app }));
const placeholders = (text) => text.replaceAll("/home/me/project", app).replaceAll("${workspaceFolder}", app);
for (const { client, server } of configs) {
  if (client === "windows") continue; // cmd.exe: runs on Windows only
  await stepAsync(`README ${client} snippet, as written`, () =>
    // Clients start servers in a directory of their own choosing; "/" is the harshest.
    talkToServer(server.command, server.args.map(placeholders), path.parse(app).root),
  );
}
step("README Inspector CLI line, as written (tools/call without a description)", () => {
  const output = run("sh", ["-c", inspector]);
  const result = JSON.parse(output);
  if (result.isError || result.content[0].text !== "hello\n") throw new Error(output);
  return "hello";
});

rmSync(work, { recursive: true, force: true });
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  failures.length === 0
    ? `installed package: all checks passed in ${seconds} s`
    : `installed package: ${failures.length} failed (${failures.join("; ")}) in ${seconds} s`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
