import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { main } from "../../../src/surfaces/cli/main.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import { blockedText } from "../../../src/text/refusals/refusal-text.js";
import { fakeIo } from "../../support/fake-io.js";

// The same blocked command reads the same on every surface: the admission step's one sentence.

const scratch = mkdtempSync(path.join(os.tmpdir(), "refusal-text-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const marker = path.join(scratch, "made-by-sudo");
const COMMAND = `sudo touch ${marker}`;

describe("one refusal text across surfaces", () => {
  it("tool result, managed start, MCP and CLI stderr carry the same reason sentence", async () => {
    const shellgate = await createShellgate({ managed_processes: true }, { cwd: scratch });
    try {
      const expected = blockedText(shellgate.check(COMMAND));
      expect(expected).toMatch(/^Command blocked by the safety gate \(profile strict, rule [\w.]+\): \S/);

      const bash = shellgate.tools().find((tool) => tool.name === "bash")!;
      const toolResult = await bash.execute({ command: COMMAND, description: "Touch a file" }, {});
      expect(toolResult).toMatchObject({ text: expected, isError: true });

      const start = shellgate.tools().find((tool) => tool.name === "process_start")!;
      expect((await start.execute({ command: COMMAND }, {})).text).toBe(expected);
      await expect(shellgate.processes().start({ command: COMMAND })).rejects.toThrow(expected);

      const server = createMcpServer(shellgate.tools(), { version: "0.0.0", ownerId: "connection-1" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(clientSide);
      const called = await client.callTool({
        name: "bash",
        arguments: { command: COMMAND, description: "Touch a file" },
      });
      await client.close();
      expect(called.isError).toBe(true);
      expect((called.content as { type: string; text: string }[])[0]?.text).toBe(expected);

      const cli = fakeIo(scratch);
      expect(await main(["run", COMMAND], cli)).toBe(77);
      expect(cli.err()).toBe(`shellgate run: ${expected}\n`);
    } finally {
      await shellgate.close();
    }
    expect(existsSync(marker)).toBe(false);
  });
});
