import type { CliCommand } from "../command.js";

// Placeholder until the owning issue lands; keeps `shellgate run` an honest error instead of a crash.
export const runCommand: CliCommand = {
  name: "run",
  summary: "(not implemented yet)",
  async run(_args, io) {
    io.stderr.write("shellgate run: not implemented yet\n");
    return 2;
  },
};
