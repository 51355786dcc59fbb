import { once } from "node:events";
import { createInterface } from "node:readline";
import { safetyGateOptionsFromConfig } from "../../../api/config-options.js";
import { loadConfig } from "../../../config/load-config.js";
import { auditRecord, parseAuditLine } from "../../../safety/audit/audit-line.js";
import type { SafetyContext } from "../../../safety/context.js";
import { createSafetyGate, type SafetyGate } from "../../../safety/gate.js";
import { type SafetyGateOptions, strictListWarnings } from "../../../safety/options.js";
import { SAFETY_PROFILES, type SafetyProfile, type Verdict } from "../../../safety/verdict.js";
import type { CliCommand, CliIo } from "../command.js";
import { withExecutorFlag } from "../executor-option.js";
import { booleanOption, parseArguments, stringListOption, stringOption } from "../parse-arguments.js";
import { INPUT_ERROR_EXIT } from "../run-exit.js";
import { UsageError } from "../usage-error.js";
import { absoluteDirectory, checkContext } from "./check-context.js";

function profileOption(value: string | undefined): SafetyProfile | undefined {
  if (value === undefined) return undefined;
  if (!SAFETY_PROFILES.includes(value as SafetyProfile)) {
    throw new UsageError(`unknown profile '${value}'; use one of ${SAFETY_PROFILES.join(", ")}`);
  }
  return value as SafetyProfile;
}

async function gateOptions(args: readonly string[], io: CliIo) {
  const parsed = parseArguments(args, {
    profile: { type: "string" },
    allow: { type: "string", multiple: true },
    deny: { type: "string", multiple: true },
    config: { type: "string" },
    json: { type: "boolean" },
    jsonl: { type: "boolean" },
    cwd: { type: "string" },
    host: { type: "string" },
    executor: { type: "string" },
  });
  const config = await withExecutorFlag(
    await loadConfig(stringOption(parsed, "config"), io.cwd, io.env),
    stringOption(parsed, "executor"),
    io.env,
  );
  const fromConfig = safetyGateOptionsFromConfig(config);
  const options: SafetyGateOptions = {
    ...fromConfig,
    profile: profileOption(stringOption(parsed, "profile")) ?? fromConfig.profile,
    allowedCommands: [...(fromConfig.allowedCommands ?? []), ...stringListOption(parsed, "allow")],
    deniedCommands: [...(fromConfig.deniedCommands ?? []), ...stringListOption(parsed, "deny")],
  };
  return { parsed, options, config };
}

function formatVerdict(verdict: Verdict): string {
  if (verdict.allowed) return `allowed (${verdict.profile})\n`;
  const lines = [`blocked (${verdict.profile}) [${verdict.rule ?? "unknown"}]: ${verdict.reason ?? ""}`];
  if (verdict.command !== undefined) lines.push(`  command: ${verdict.command}`);
  if (verdict.span !== undefined) lines.push(`  at: ${verdict.span[0]}-${verdict.span[1]}`);
  return `${lines.join("\n")}\n`;
}

async function write(io: CliIo, text: string): Promise<void> {
  if (!io.stdout.write(text)) await once(io.stdout, "drain");
}

/**
 * `check --jsonl`: one verdict per input line, in order, streaming; gates made once per profile. A
 * line's optional `"cwd"` replaces the working directory of the context for that command.
 */
async function audit(io: CliIo, options: SafetyGateOptions, context: SafetyContext): Promise<number> {
  const defaultProfile = options.profile ?? "strict";
  const gates = new Map<SafetyProfile, SafetyGate>();
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  let errors = 0;
  let pending = "";
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === "") continue;
    const parsed = parseAuditLine(line, lineNumber, defaultProfile);
    if ("error" in parsed) {
      errors += 1;
      pending += `${JSON.stringify(parsed)}\n`;
    } else {
      let gate = gates.get(parsed.profile);
      if (!gate) {
        gate = await createSafetyGate({ ...options, profile: parsed.profile });
        gates.set(parsed.profile, gate);
      }
      const lineContext =
        parsed.cwd === undefined ? context : { ...context, cwd: absoluteDirectory(parsed.cwd, io.cwd) };
      pending += `${JSON.stringify(auditRecord(gate, parsed.command, lineContext))}\n`;
    }
    if (pending.length > 64 * 1024) {
      await write(io, pending);
      pending = "";
    }
  }
  if (pending !== "") await write(io, pending);
  return errors > 0 ? 1 : 0;
}

export const checkCommand: CliCommand = {
  name: "check",
  // 0 and 1 are verdicts; bad input gets the same code as `run`'s, apart from both.
  inputErrorExitCode: INPUT_ERROR_EXIT,
  async run(args, io) {
    const { parsed, options, config } = await gateOptions(args, io);
    const host = stringOption(parsed, "host");
    const cwd = stringOption(parsed, "cwd");
    const context = await checkContext(
      { config, ...(host === undefined ? {} : { host }), ...(cwd === undefined ? {} : { cwd }) },
      io,
    );
    for (const warning of strictListWarnings(options, options.profile ?? "strict"))
      io.stderr.write(`shellgate: warning: ${warning}\n`);
    if (booleanOption(parsed, "jsonl")) {
      if (parsed.positionals.length > 0)
        throw new UsageError("--jsonl reads commands from stdin; do not pass a COMMAND");
      if (booleanOption(parsed, "json")) throw new UsageError("use either --json or --jsonl, not both");
      return audit(io, options, context);
    }
    if (parsed.positionals.length === 0)
      throw new UsageError("missing COMMAND; usage: shellgate check [options] [--] COMMAND");
    const gate = await createSafetyGate(options);
    const verdict = gate.check(parsed.positionals.join(" "), context);
    io.stdout.write(booleanOption(parsed, "json") ? `${JSON.stringify(verdict)}\n` : formatVerdict(verdict));
    return verdict.allowed ? 0 : 1;
  },
};
