import { execFileSync } from "node:child_process";
import { runCommand } from "../dist/src/index.js";
const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const resolution = { platform: process.platform, kind: "bash", path: bash, source: "bench", warnings: [], trace: [] };
for (let i = 0; i < 400; i++) await runCommand("true", { resolution, env: process.env });
