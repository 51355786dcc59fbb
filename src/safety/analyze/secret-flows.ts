import { basename } from "../extract/paths.js";
import type { Finding } from "../finding.js";
import { senderKind, sendsStdin } from "../rules/network-senders.js";
import { operandSecret, secretUploadHit } from "../rules/secret-uploads.js";
import { isEnvironmentFile, printsEnvironment, printsSecret } from "../rules/secrets.js";
import type { CommandRecord, Sink } from "./analysis-result.js";

/**
 * Secrets carried into a program that sends data to another machine by the shell's own plumbing:
 * an earlier element of the same pipeline reads them (`tar c ~/.ssh | curl -T - …`, `env | nc …`),
 * or a command substitution in the sender's arguments does (`curl -d "$(cat ~/.aws/credentials)"`).
 * Judged once over every command of the check, after the walk, from where each command stands.
 */

interface Reading {
  readonly name: string;
  readonly args: readonly string[];
}

function readingOf(record: CommandRecord): Reading | undefined {
  const [first, ...rest] = record.words;
  if (!first || first.dynamic) return undefined;
  return { name: basename(first.value).toLowerCase(), args: rest.map((word) => word.value) };
}

function secretRead(reading: Reading): string | undefined {
  if (printsEnvironment(reading.name, reading.args) || reading.args.some(isEnvironmentFile))
    return "the environment";
  const printed = printsSecret(reading.name, reading.args);
  if (printed) return printed;
  // Absolute spellings only: the directory a later part of the check ran in is not known here.
  return operandSecret(reading.args, undefined);
}

function within(inner: CommandRecord, outer: CommandRecord): boolean {
  return (
    inner !== outer &&
    inner.span[0] >= outer.span[0] &&
    inner.span[1] <= outer.span[1] &&
    inner.span[1] - inner.span[0] < outer.span[1] - outer.span[0]
  );
}

export function secretFlowFindings(sink: Sink): void {
  const commands = sink.commands;
  if (commands.length < 2) return;
  // Most checks send nothing anywhere: look for a sender before reading any operand.
  const readings = commands.map(readingOf);
  const kinds = readings.map((reading) => (reading ? senderKind(reading.name, reading.args) : undefined));
  if (!kinds.some((kind) => kind !== undefined)) return;
  const secrets = readings.map((reading) => (reading ? secretRead(reading) : undefined));
  if (!secrets.some((secret) => secret !== undefined)) return;
  for (const [position, record] of commands.entries()) {
    const reading = readings[position];
    const kind = kinds[position];
    if (!reading || !kind) continue;
    let found: { secret: string; how: string } | undefined;
    for (const [index, other] of commands.entries()) {
      const secret = secrets[index];
      if (secret === undefined || index === position) continue;
      const piped =
        record.pipeline !== undefined &&
        other.pipeline?.group === record.pipeline.group &&
        other.pipeline.index < record.pipeline.index &&
        sendsStdin(reading.name, kind, reading.args);
      if (piped) found = { secret, how: "piped into it" };
      else if (within(other, record)) found = { secret, how: "substituted into its arguments" };
      if (found) break;
    }
    if (!found) continue;
    const hit = secretUploadHit(`'${reading.name}' sends ${found.secret}, ${found.how}, to another machine`);
    const finding: Finding = {
      ...hit,
      command: record.words.map((word) => word.source).join(" "),
      matchText: record.words.map((word) => word.value).join(" "),
      span: record.span,
      record: position,
    };
    sink.findings.push(finding);
  }
}
