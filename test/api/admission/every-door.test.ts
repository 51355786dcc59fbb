import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managedSettingsFromConfig } from "../../../src/api/config-options.js";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { parseConfig } from "../../../src/config/parse-config.js";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { ManagedProcessError } from "../../../src/managed/managed-process-error.js";
import { createProcessManager } from "../../../src/managed/process-manager.js";
import { createSafetyGate, type SafetyGate } from "../../../src/safety/index.js";
import { main } from "../../../src/surfaces/cli/main.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import type { ToolDefinition } from "../../../src/tools/tool-definition.js";
import { BASH } from "../../fixtures/exec/resolutions.js";
import { fakeIo } from "../../support/fake-io.js";

// Every public door gives the same verdict for the same command in the same place. The places are
// the home, `/` and a project under the home; the command is `rm -rf *`. Nothing destructive can
// run even if a door let it through: PATH holds only bash and an `rm` that records its arguments.

const scratch = mkdtempSync(path.join(os.tmpdir(), "every-door-"));
const home = path.join(scratch, "home");
const project = path.join(home, "project");
const bin = path.join(scratch, "bin");
const ranLog = path.join(scratch, "rm-ran.log");
const env = { HOME: home, PATH: bin, LANG: "C" };
const COMMAND = "rm -rf *";

beforeAll(() => {
  mkdirSync(project, { recursive: true });
  mkdirSync(bin);
  symlinkSync("/bin/bash", path.join(bin, "bash"));
  writeFileSync(path.join(bin, "rm"), `#!/bin/sh\necho "rm $*" >> '${ranLog}'\n`);
  chmodSync(path.join(bin, "rm"), 0o755);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** "allowed" or the blocking rule, read off whatever a door answers with. */
type Outcome = string;

function ruleIn(text: string): Outcome {
  const named = /rule ([a-z]+(?:\.[a-z0-9_-]+)+)/.exec(text) ?? /\[([a-z]+(?:\.[a-z0-9_-]+)+)\]/.exec(text);
  return named ? named[1]! : `unrecognised: ${text.slice(0, 200)}`;
}

async function outcomeOf(attempt: () => Promise<unknown>): Promise<Outcome> {
  try {
    await attempt();
    return "allowed";
  } catch (error) {
    if (error instanceof ExecutionError) return error.verdict?.rule ?? `error: ${error.message}`;
    if (error instanceof ManagedProcessError) return ruleIn(error.message);
    throw error;
  }
}

function tool(tools: readonly ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} tool`);
  return found;
}

async function toolOutcome(tools: readonly ToolDefinition[], name: string, input: object): Promise<Outcome> {
  const result = await tool(tools, name).execute(input, {});
  return result.isError ? ruleIn(result.text) : "allowed";
}

type Door = (place: string, gate: SafetyGate) => Promise<Outcome>;

async function withShellgate<T>(place: string, use: (tools: ToolDefinition[]) => Promise<T>): Promise<T> {
  const shellgate = await createShellgate({ managed_processes: true }, { cwd: place, env, shell: BASH });
  try {
    return await use(shellgate.tools());
  } finally {
    await shellgate.close();
  }
}

const doors: Record<string, Door> = {
  "tool bash": (place) =>
    withShellgate(place, (tools) => toolOutcome(tools, "bash", { command: COMMAND, description: "Delete" })),
  "tool bash, run_in_background": (place) =>
    withShellgate(place, (tools) =>
      toolOutcome(tools, "bash", { command: COMMAND, description: "Delete", run_in_background: true }),
    ),
  process_start: (place) =>
    withShellgate(place, (tools) => toolOutcome(tools, "process_start", { command: COMMAND })),
  "shellgate.check()": async (place) => {
    const shellgate = await createShellgate({}, { cwd: scratch, env, shell: BASH });
    try {
      const verdict = shellgate.check(COMMAND, { cwd: place });
      return verdict.allowed ? "allowed" : (verdict.rule ?? "?");
    } finally {
      await shellgate.close();
    }
  },
  runCommand: (place, gate) =>
    outcomeOf(() => runCommand(COMMAND, { resolution: BASH, check: gate.check, cwd: place, env })),
  createLocalExecutor: async (place, gate) => {
    const executor = createLocalExecutor({ resolution: BASH, check: gate.check, cwd: place, env });
    try {
      return await outcomeOf(() => executor.run(executor.resolve({ command: COMMAND })));
    } finally {
      await executor.close();
    }
  },
  createProcessManager: async (place, gate) => {
    const manager = createProcessManager({
      ...managedSettingsFromConfig(parseConfig({ managed_processes: true })),
      check: gate.check,
      resolution: BASH,
      cwd: place,
      baseEnvironment: env,
    });
    try {
      return await outcomeOf(() => manager.start({ command: COMMAND }));
    } finally {
      await manager.close();
    }
  },
  "CLI check": async (place) => {
    const io = fakeIo(place, env);
    const code = await main(["check", COMMAND], io);
    return code === 0 ? "allowed" : ruleIn(io.out());
  },
  "CLI run": async (place) => {
    const io = fakeIo(place, env);
    const code = await main(["run", COMMAND], io);
    return code === 0 ? "allowed" : ruleIn(io.err());
  },
  MCP: (place) =>
    withShellgate(place, async (tools) => {
      const server = createMcpServer(tools, { version: "0", ownerId: "every-door" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "every-door", version: "1.0.0" });
      await client.connect(clientSide);
      try {
        const result = await client.callTool({
          name: "bash",
          arguments: { command: COMMAND, description: "Delete" },
        });
        const text = (result.content as { type: string; text: string }[]).map((item) => item.text).join("");
        return result.isError ? ruleIn(text) : "allowed";
      } finally {
        await client.close();
      }
    }),
};

describe.skipIf(process.platform === "win32")("every door gives the same verdict in the same place", () => {
  let gate: SafetyGate;
  beforeAll(async () => {
    gate = await createSafetyGate();
  });

  const places: [string, () => string, Outcome][] = [
    ["the home", () => home, "delete.home"],
    ["/", () => "/", "delete.root"],
    ["a project under the home", () => project, "allowed"],
  ];
  for (const [label, place, expected] of places) {
    it(`rm -rf * in ${label}: ${expected} through every door`, async () => {
      const outcomes: Record<string, Outcome> = {};
      for (const [name, door] of Object.entries(doors)) {
        writeFileSync(path.join(project, "build.o"), "x");
        outcomes[name] = await door(place(), gate);
      }
      expect(outcomes).toEqual(Object.fromEntries(Object.keys(doors).map((name) => [name, expected])));
      // Nothing ran where the gate blocked; in the project, the recording rm ran for every door.
      const ran = readdirSync(scratch).includes("rm-ran.log");
      expect(ran).toBe(expected === "allowed");
      rmSync(ranLog, { force: true });
    });
  }
});
