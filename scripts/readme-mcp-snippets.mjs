// The README's MCP client snippets, as data: `json mcp-client=NAME` blocks are client configs,
// the `sh mcp-client=inspector` block is a command line. Shared by the README test and the
// installed-package check, so both read the snippets the same way.
import { readFileSync } from "node:fs";

export function readmeMcpSnippets(readmePath) {
  const readme = readFileSync(readmePath, "utf8");
  const configs = [...readme.matchAll(/```json mcp-client=([\w-]+)\n([\s\S]*?)```/g)].map((match) => {
    const config = JSON.parse(match[2]);
    const server = (config.mcpServers ?? config.servers)?.shellgate;
    return { client: match[1], config, server };
  });
  const inspector = /```sh mcp-client=inspector\n([\s\S]*?)```/.exec(readme)?.[1]?.trim();
  return { configs, inspector };
}
