// How long shell resolution takes: on this machine (real files, real `bash --version`), and
// replaying every recorded host in test/hosts/. Run after `npm run build`: node bench/resolve-shell.mjs
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const platforms = await import(new URL("../dist/platforms/index.js", import.meta.url).href);
const { createRealHost, createSnapshotHost, resolveShell } = platforms;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const realRuns = [];
let resolution;
for (let run = 0; run < 20; run += 1) {
  const started = performance.now();
  resolution = await resolveShell(createRealHost());
  realRuns.push(performance.now() - started);
}

const hostDirectory = new URL("../test/hosts/", import.meta.url);
const fixtures = readdirSync(hostDirectory)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(new URL(file, hostDirectory), "utf8")));
const replayRuns = [];
for (let round = 0; round < 50; round += 1) {
  for (const fixture of fixtures) {
    const started = performance.now();
    await resolveShell(createSnapshotHost(fixture.host), {
      windowsShell: fixture.config.windows_shell,
      bashPath: fixture.config.bash_path,
    });
    replayRuns.push(performance.now() - started);
  }
}

console.log(`this machine: ${resolution.kind} ${resolution.path} (${resolution.version ?? "no version"})`);
console.log(
  `resolveShell(createRealHost()): median ${median(realRuns).toFixed(2)} ms, max ${Math.max(...realRuns).toFixed(2)} ms over ${realRuns.length} runs`,
);
console.log(
  `resolveShell(snapshot host): median ${(median(replayRuns) * 1000).toFixed(0)} µs over ${replayRuns.length} resolutions of ${fixtures.length} recorded hosts`,
);
