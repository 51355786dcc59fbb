// What the MCP surface costs: `bash` with `true` through the library's tool definition vs the same
// tool through `shellgate mcp` over stdio (the SDK's own client). Start-up has one figure, from
// bench/startup.mjs.
// Run: npm run build && node bench/mcp.mjs
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createShellgate } from "../dist/src/index.js";

const RUNS = 200;
const input = { command: "true", description: "Do nothing" };
const bin = fileURLToPath(new URL("../bin/shellgate.js", import.meta.url));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(run) {
  const samples = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const shellgate = await createShellgate({ safety_profile: "strict" });
const bash = shellgate.tools().find((tool) => tool.name === "bash");
const library = await timed(() => bash.execute(input, { ownerId: "bench" }));
await shellgate.close();

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, "mcp"],
  stderr: "ignore",
});
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(transport);
await client.listTools();
const mcp = await timed(() => client.callTool({ name: "bash", arguments: input }));
await client.close();

console.log(
  `bash 'true', median of ${RUNS}: library ${library.toFixed(2)} ms, MCP stdio ${mcp.toFixed(2)} ms (${(mcp / library).toFixed(2)}x)`,
);
