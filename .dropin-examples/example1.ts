import { createShellgate } from "../src/index.js";

const shellgate = await createShellgate(
  { require_approval: true, managed_processes: true },
  {
    // Asked for every command the gate allowed, before anything runs.
    approve: async ({ command, cwd, verdict }) => {
      console.error(`approve? ${command} in ${cwd} (profile ${verdict.profile})`);
      return { approved: command.startsWith("git "), reason: "only git commands today" };
    },
    observe: (event) => console.error(event.phase, event.operationId), // managed-process events
    admitQuestions: async (questionIds) => ({ admitted: true, questionIds }),
  },
);
const bash = shellgate.tools()[0]!;
console.log((await bash.execute({ command: "ls", description: "List files" })).text);
// Command not run: the user did not approve it: only git commands today. Do not retry it unchanged; ask what to do instead.
await shellgate.close();

export {};
