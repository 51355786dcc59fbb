import { bashDescriptionFor } from "../../text/descriptions/bash-description.js";
import { BASH_KILL_DESCRIPTION, bashOutputDescription } from "../../text/descriptions/task-descriptions.js";
import { bashResultSchemas } from "../../text/results/bash-results.js";
import { bashKillInputSchema } from "../../tools/schemas/bash-kill.js";
import { bashOutputInputSchema } from "../../tools/schemas/bash-output.js";
import { bashInputSchema } from "../../tools/schemas/dsh-bash.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";
import { EXECUTES, READS, STOPS } from "./annotations.js";
import { defineTool } from "./define-tool.js";
import { runBashCall } from "./run-bash-call.js";
import type { ToolRuntime } from "./tool-runtime.js";

/** The dsh tools: `bash`, `bash_output`, `bash_kill`. */
export function dshTools(runtime: ToolRuntime): ToolDefinition[] {
  const results = bashResultSchemas();
  const bash = defineTool({
    name: "bash",
    description: bashDescriptionFor("dsh", runtime.descriptionContext),
    schema: bashInputSchema,
    outputSchema: results.run,
    annotations: { ...EXECUTES, title: "Run a bash command" },
    run: (input, context) =>
      runBashCall(
        runtime,
        {
          command: input.command,
          background: input.run_in_background === true,
          backgroundHint: "; read its output with bash_output and stop it with bash_kill",
          ...(input.workdir !== undefined ? { workdir: input.workdir } : {}),
          ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
        },
        context,
      ),
  });
  const bashOutput = defineTool({
    name: "bash_output",
    description: bashOutputDescription(runtime.config.background_read_max_bytes),
    schema: bashOutputInputSchema,
    outputSchema: results.output,
    annotations: { ...READS, title: "Read a background task's output" },
    async run(input, context) {
      const outcome = await runtime.execution.read(input.task_id, context.ownerId);
      return { text: outcome.text, isError: false, structured: outcome.structured };
    },
  });
  const bashKill = defineTool({
    name: "bash_kill",
    description: BASH_KILL_DESCRIPTION,
    schema: bashKillInputSchema,
    outputSchema: results.kill,
    annotations: { ...STOPS, title: "Kill a background task" },
    async run(input, context) {
      const outcome = await runtime.execution.kill(input.task_id, context.ownerId);
      return { text: outcome.text, isError: false, structured: outcome.structured };
    },
  });
  return [bash, bashOutput, bashKill];
}
