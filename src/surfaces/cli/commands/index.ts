import type { CliCommand } from "../command.js";
import { checkCommand } from "./check.js";
import { describeCommand } from "./describe.js";
import { doctorCommand } from "./doctor.js";
import { mcpCommand } from "./mcp.js";
import { runCommandCli } from "./run.js";

export const commands: readonly CliCommand[] = [
  describeCommand,
  doctorCommand,
  checkCommand,
  runCommandCli,
  mcpCommand,
];
