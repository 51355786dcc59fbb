// Records this machine as a host snapshot (`shellgate doctor --capture`) into the file named on the
// command line. CI runs it on every runner and uploads the file, so test/hosts/ can hold a real
// windows-latest (and macos-latest) host instead of a hand-written one. Plain Node on purpose: a
// shell redirect would re-encode the JSON on Windows (PowerShell) or change the environment being
// recorded (Git Bash sets MSYSTEM).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const output = process.argv[2];
if (output === undefined) {
  console.error("usage: node scripts/capture-host.mjs OUTPUT.json");
  process.exit(2);
}
const cli = fileURLToPath(new URL("../bin/shellgate.js", import.meta.url));
const result = spawnSync(process.execPath, [cli, "doctor", "--capture"], {
  encoding: "utf8",
  windowsHide: true,
  timeout: 120_000,
});
if (result.status !== 0) {
  console.error(
    `shellgate doctor --capture failed (${result.error?.message ?? `exit code ${result.status}`}):`,
  );
  console.error(result.stderr);
  process.exit(1);
}
JSON.parse(result.stdout);
writeFileSync(output, result.stdout);
console.log(`captured this host into ${output} (${result.stdout.length} characters)`);
