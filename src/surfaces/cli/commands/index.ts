import type { CliCommand } from "../command.js";

// Each command's module is loaded when it runs, so `shellgate describe` never loads the MCP SDK,
// the executor or the managed-process layer, and `shellgate mcp` loads only what serving needs.
const LOADERS: Readonly<Record<string, () => Promise<CliCommand>>> = {
  describe: async () => (await import("./describe.js")).describeCommand,
  doctor: async () => (await import("./doctor.js")).doctorCommand,
  check: async () => (await import("./check.js")).checkCommand,
  run: async () => (await import("./run.js")).runCommandCli,
  mcp: async () => (await import("./mcp.js")).mcpCommand,
};

export const commands: readonly CliCommand[] = Object.entries(LOADERS).map(([name, load]) => {
  let loaded: CliCommand | undefined;
  return {
    name,
    // Read by main after `run` failed, by which time the module is loaded.
    get inputErrorExitCode() {
      return loaded?.inputErrorExitCode;
    },
    run: async (args, io) => {
      loaded = await load();
      return loaded.run(args, io);
    },
  };
});
