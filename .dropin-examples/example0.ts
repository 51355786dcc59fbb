import { createShellgate } from "../src/index.js";

const shellgate = await createShellgate({ safety_profile: "standard", timeout: 60 });
const tools = shellgate.tools(); // bash, bash_output, bash_kill (+ process_* with managed_processes)
const bash = tools.find((tool) => tool.name === "bash")!;

const result = await bash.execute(
  { command: "echo hello; exit 3", description: "Say hello and fail" },
  { ownerId: "session-1", signal: AbortSignal.timeout(60_000) },
);
console.log(result.isError, JSON.stringify(result.text)); // false "hello\n[exit code: 3]"
console.log(result.structured?.exitCode); // 3
await shellgate.close(); // kills every task and managed process this instance started

export {};
