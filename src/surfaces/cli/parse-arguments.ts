import { parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

export type OptionSpec = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

export interface ParsedArguments {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/**
 * `util.parseArgs` with its errors turned into one-line usage errors. `--` ends the options, so a
 * command that starts with a dash can still be passed.
 */
export function parseArguments(args: readonly string[], options: OptionSpec): ParsedArguments {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArguments["values"], positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node's messages carry a hint about `--` that is right for us too; keep only the first sentence.
    throw new UsageError(message.split(". ")[0] ?? message);
  }
}

export function stringOption(parsed: ParsedArguments, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === "string" ? value : undefined;
}

export function stringListOption(parsed: ParsedArguments, name: string): string[] {
  const value = parsed.values[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

export function booleanOption(parsed: ParsedArguments, name: string): boolean {
  return parsed.values[name] === true;
}
