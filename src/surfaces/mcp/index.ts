// shellgate/mcp: the MCP server as a library. A subpath of its own so that importing the root
// never loads the MCP SDK.
export { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
export { type ServeStdioOptions, serveStdio } from "./serve-stdio.js";
