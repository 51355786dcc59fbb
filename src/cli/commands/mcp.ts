import type { CliCommand } from "../command.js";

// Placeholder until the owning issue lands; keeps `shellgate mcp` an honest error instead of a crash.
export const mcpCommand: CliCommand = {
  name: "mcp",
  summary: "(not implemented yet)",
  async run(_args, io) {
    io.stderr.write("shellgate mcp: not implemented yet\n");
    return 2;
  },
};
