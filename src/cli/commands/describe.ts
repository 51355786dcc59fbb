import type { CliCommand } from "../command.js";

// Placeholder until the owning issue lands; keeps `shellgate describe` an honest error instead of a crash.
export const describeCommand: CliCommand = {
  name: "describe",
  summary: "(not implemented yet)",
  async run(_args, io) {
    io.stderr.write("shellgate describe: not implemented yet\n");
    return 2;
  },
};
