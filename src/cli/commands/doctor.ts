import type { CliCommand } from "../command.js";

// Placeholder until the owning issue lands; keeps `shellgate doctor` an honest error instead of a crash.
export const doctorCommand: CliCommand = {
  name: "doctor",
  summary: "(not implemented yet)",
  async run(_args, io) {
    io.stderr.write("shellgate doctor: not implemented yet\n");
    return 2;
  },
};
