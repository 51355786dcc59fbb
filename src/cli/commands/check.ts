import type { CliCommand } from "../command.js";

// Placeholder until the owning issue lands; keeps `shellgate check` an honest error instead of a crash.
export const checkCommand: CliCommand = {
  name: "check",
  summary: "(not implemented yet)",
  async run(_args, io) {
    io.stderr.write("shellgate check: not implemented yet\n");
    return 2;
  },
};
