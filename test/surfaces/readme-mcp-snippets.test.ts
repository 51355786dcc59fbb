import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper shared with scripts/check-installed-package.mjs.
import { readmeMcpSnippets } from "../../scripts/readme-mcp-snippets.mjs";

// The README's MCP client snippets are valid JSON in each client's shape and never download a
// package (no `npx -y`); scripts/check-installed-package.mjs runs them against an installed package.

interface Snippet {
  client: string;
  server?: { command?: unknown; args?: unknown; type?: unknown };
}

const readme = fileURLToPath(new URL("../../README.md", import.meta.url));
const { configs, inspector } = readmeMcpSnippets(readme) as { configs: Snippet[]; inspector?: string };

describe("README MCP client snippets", () => {
  it("has Claude Desktop, Windows, VS Code, Cursor and the Inspector CLI", () => {
    expect(configs.map((snippet) => snippet.client)).toEqual([
      "claude-desktop",
      "windows",
      "vscode",
      "cursor",
    ]);
    expect(inspector).toBeDefined();
  });

  it.each(configs)("$client: a shellgate server with a command and string args", ({ client, server }) => {
    expect(server).toBeDefined();
    expect(typeof server!.command).toBe("string");
    expect(Array.isArray(server!.args) && server!.args.every((arg) => typeof arg === "string")).toBe(true);
    const args = server!.args as string[];
    expect(args).toContain("mcp");
    expect(args).not.toContain("-y");
    if (client === "vscode") expect(server!.type).toBe("stdio");
  });

  it("the Inspector line puts the server command after -- and omits description", () => {
    expect(inspector).toMatch(/^npx @modelcontextprotocol\/inspector --cli .* -- npx shellgate mcp/);
    expect(inspector).not.toMatch(/description=/);
  });
});
