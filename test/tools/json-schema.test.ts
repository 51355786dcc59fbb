import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolJsonSchema } from "../../src/tools/json-schema.js";
import {
  amplifierBashInputSchema,
  amplifierManagedBashInputSchema,
} from "../../src/tools/schemas/amplifier-bash.js";
import { bashInputSchema } from "../../src/tools/schemas/dsh-bash.js";
import * as processTools from "../../src/tools/schemas/process-tools.js";

const schemas: Record<string, z.ZodType> = {
  bash: bashInputSchema,
  amplifier: amplifierBashInputSchema,
  amplifierManaged: amplifierManagedBashInputSchema,
  ...Object.fromEntries(Object.entries(processTools).filter(([, value]) => value instanceof z.ZodType)),
};

describe("toolJsonSchema", () => {
  it.each(Object.entries(schemas))("%s compiles as JSON Schema with no $schema key", (_name, schema) => {
    const json = toolJsonSchema(schema);
    expect(json.type).toBe("object");
    expect(json).not.toHaveProperty("$schema");
    expect(() => new Ajv({ strict: true }).compile(json)).not.toThrow();
  });

  it("keeps the dsh bash contract: command and description required, extra keys refused", () => {
    const json = toolJsonSchema(bashInputSchema);
    expect(json.required).toEqual(["command", "description"]);
    expect(json.additionalProperties).toBe(false);
    expect(Object.keys(json.properties as object)).toEqual([
      "command",
      "description",
      "timeoutMs",
      "workdir",
      "run_in_background",
    ]);
  });

  it("gives the managed shape no required fields and the action enum with its default", () => {
    const json = toolJsonSchema(amplifierManagedBashInputSchema);
    expect(json.required).toBeUndefined();
    const action = (json.properties as Record<string, Record<string, unknown>>).action;
    expect(action?.enum).toEqual(["run", "start", "read", "write", "wait", "status", "terminate", "list"]);
    expect(action?.default).toBe("run");
  });

  it("states the reference limits", () => {
    const properties = toolJsonSchema(amplifierManagedBashInputSchema).properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(properties.timeout).toMatchObject({ type: "integer", minimum: 1, maximum: 3600 });
    expect(properties.max_bytes).toMatchObject({ minimum: 4096, maximum: 100_000 });
    expect(properties.wait_ms).toMatchObject({ minimum: 0, maximum: 60_000 });
    expect(properties.question_ids).toMatchObject({ maxItems: 32, uniqueItems: true });
    expect(properties.stdin).toMatchObject({ maxLength: 65_536 });
  });

  it("refuses a schema that is not an object", () => {
    expect(() => toolJsonSchema(z.string())).toThrow("a tool schema must describe an object");
  });
});
