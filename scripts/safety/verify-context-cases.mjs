// Checks case files whose cases carry a `context` (where the command runs) in real bash, through
// verify-in-bash.mjs's sandbox: the sandbox's home is /root and its working directory /tmp/work, so a
// case's context is replayed as `mkdir -p CWD && cd CWD && COMMAND`, with the context's home spelled
// as /root. Cases for Windows shells (context.shell.kind gitbash, cygwin, wsl) cannot run in Linux
// bash and are skipped (reported as such), as are cases of programs the sandbox has no stand-in for.
// Usage: node scripts/safety/verify-context-cases.mjs test/safety/cases/context-cases.jsonl …
import { readFileSync } from "node:fs";
import { verify } from "./verify-in-bash.mjs";

const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

function replay(item) {
  const context = item.context ?? {};
  if (context.shell && context.shell.kind !== "bash") return undefined;
  const home = context.home;
  const respell = (text) => (home && home !== "/root" ? text.split(home).join("/root") : text);
  const user = home ? home.slice(home.lastIndexOf("/") + 1) : undefined;
  let command = respell(item.command);
  if (user && user !== "root") command = command.replaceAll(`~${user}`, "~root");
  const env = Object.entries(context.env ?? {})
    .filter(([name]) => name !== "HOME" && name !== "USER")
    .map(([name, value]) => `export ${name}=${quote(respell(value))}; `)
    .join("");
  const cwd = context.cwd === undefined ? undefined : respell(context.cwd);
  return cwd === undefined
    ? `${env}${command}`
    : `${env}mkdir -p ${quote(cwd)} && cd ${quote(cwd)} && ${command}`;
}

let failures = 0;
for (const file of process.argv.slice(2)) {
  const cases = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  for (const item of cases) {
    const command = replay(item);
    if (command === undefined) {
      console.log(`skipped  ${JSON.stringify(item.command)} (a Windows shell)`);
      continue;
    }
    const result = await verify(command);
    const opaque = /^\[opaque\]/.test(item.why ?? "");
    const ok = opaque || result.dangerous === (item.expect.strict === "block");
    if (!ok) failures += 1;
    const seen =
      result.actions.map((action) => `${action.kind}: ${action.detail}`).join("; ") || "nothing dangerous";
    console.log(
      `${(opaque ? "opaque" : ok ? "ok" : "MISMATCH").padEnd(8)} ${item.expect.strict.padEnd(5)} ${JSON.stringify(command)} -> ${seen.slice(0, 200)}`,
    );
  }
}
console.log(`${failures} disagree with real bash`);
process.exit(failures === 0 ? 0 : 1);
