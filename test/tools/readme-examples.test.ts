import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { toolJsonSchema } from "../../src/tools/json-schema.js";
import {
  amplifierBashInputSchema,
  amplifierManagedBashInputSchema,
} from "../../src/tools/schemas/amplifier-bash.js";
import { bashKillInputSchema } from "../../src/tools/schemas/bash-kill.js";
import { bashOutputInputSchema } from "../../src/tools/schemas/bash-output.js";
import { bashInputSchema } from "../../src/tools/schemas/dsh-bash.js";
import * as processTools from "../../src/tools/schemas/process-tools.js";
import { validateToolInput } from "../../src/tools/validate-input.js";

// The README's tool-input examples are part of the contract: each accepted example must pass both
// the published JSON Schema and the zod schema; each rejected one must give exactly its message.

const SCHEMAS: Record<string, z.ZodType> = {
  bash: bashInputSchema,
  bash_output: bashOutputInputSchema,
  bash_kill: bashKillInputSchema,
  "bash@amplifier": amplifierBashInputSchema,
  "bash@amplifier-managed": amplifierManagedBashInputSchema,
  process_start: processTools.processStartInputSchema,
  process_read: processTools.processReadInputSchema,
  process_wait: processTools.processWaitInputSchema,
  process_status: processTools.processStatusInputSchema,
  process_write: processTools.processWriteInputSchema,
  process_terminate: processTools.processTerminateInputSchema,
  process_list: processTools.processListInputSchema,
};

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```(json|text) tool=(\S+)( rejects)?\n([\s\S]*?)```/g)];

const accepted = blocks
  .filter((block) => block[3] === undefined)
  .map((block) => ({ tool: block[2] ?? "", input: JSON.parse(block[4] ?? "") as unknown }));

const rejected = blocks
  .filter((block) => block[3] !== undefined)
  .flatMap((block) => {
    const lines = (block[4] ?? "").trimEnd().split("\n");
    const pairs: { tool: string; input: unknown; message: string }[] = [];
    for (let index = 0; index < lines.length; index += 2) {
      const message = (lines[index + 1] ?? "").replace(/^→ /, "");
      pairs.push({ tool: block[2] ?? "", input: JSON.parse(lines[index] ?? ""), message });
    }
    return pairs;
  });

function schemaFor(tool: string): z.ZodType {
  const schema = SCHEMAS[tool];
  if (!schema) throw new Error(`README names an unknown tool '${tool}'`);
  return schema;
}

describe("README tool-input examples", () => {
  it("has examples for the main tools", () => {
    const tools = new Set(blocks.map((block) => block[2]));
    for (const tool of ["bash", "bash_output", "bash_kill", "bash@amplifier", "bash@amplifier-managed"]) {
      expect(tools).toContain(tool);
    }
    expect(rejected.length).toBeGreaterThanOrEqual(5);
  });

  it.each(accepted)("$tool accepts $input", ({ tool, input }) => {
    const schema = schemaFor(tool);
    const validate = new Ajv({ strict: true }).compile(toolJsonSchema(schema));
    expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
    expect(validateToolInput(tool.split("@")[0] ?? tool, schema, input).ok).toBe(true);
  });

  it.each(rejected)("$tool rejects $input", ({ tool, input, message }) => {
    const schema = schemaFor(tool);
    const result = validateToolInput(tool.split("@")[0] ?? tool, schema, input);
    expect(result.ok ? "(accepted)" : result.message).toBe(message);
    // The published JSON Schema rejects what it can express (unknown keys, types, ranges).
    const validate = new Ajv({ strict: true }).compile(toolJsonSchema(schema));
    const expressible = !/only whitespace|is not valid for action|is required for action/.test(message);
    if (expressible) expect(validate(input)).toBe(false);
  });
});

describe("README config table", () => {
  it("lists every config key with the schema's default", async () => {
    const { parseConfig } = await import("../../src/config/parse-config.js");
    const defaults = parseConfig({}) as Record<string, unknown>;
    const { configSchema } = await import("../../src/config/schema.js");
    for (const key of Object.keys(configSchema.shape)) {
      const row = new RegExp(`^\\|\\s*\`${key}\`\\s*\\|([^|]+)\\|`, "m").exec(readme);
      expect(row, key).not.toBeNull();
      const value = defaults[key];
      if (value !== undefined) expect(row?.[1]?.trim(), key).toBe(`\`${JSON.stringify(value)}\``);
    }
  });
});
