// Start-up cost, side by side with a bare `node -e 0` in the same run (runs interleaved so load on
// the machine hits every column alike): the root import, `shellgate describe`, and `shellgate mcp`
// from spawn to its answer to the first tools/list.
// Run: npm run build && node bench/startup.mjs [runs]
// With SHELLGATE_BASELINE=/path/to/another/built/checkout the same three are measured there too, in
// the same rounds, as the "before" columns.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.argv[2] ?? 15);
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = fileURLToPath(new URL("../bin/shellgate.js", import.meta.url));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall time from spawn until the process exits. */
function wall(args, cwd = root) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args} exited ${code}`)),
    );
  });
}

/** Wall time from spawn until `shellgate mcp` answers tools/list (all three messages are sent at once, as a client that pipelines would). */
function mcpFirstList(binary) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [binary, "mcp"], { cwd: root, stdio: ["pipe", "pipe", "ignore"] });
    let buffered = "";
    child.on("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      buffered += text;
      for (const line of buffered.split("\n").slice(0, -1)) {
        if (JSON.parse(line).id === 2) {
          const elapsed = performance.now() - started;
          child.stdin.end();
          child.on("exit", () => resolve(elapsed));
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "1" },
      },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list", params: {} });
  });
}

// `import("shellgate")` literally: a self-reference from the package's own folder resolves through
// its exports map, as a consumer's import does.
const measures = (prefix, binary, packageRoot) => ({
  [`${prefix}import("shellgate")`]: () =>
    wall(["--input-type=module", "-e", 'await import("shellgate")'], packageRoot),
  [`${prefix}shellgate describe`]: () => wall([binary, "describe"]),
  [`${prefix}shellgate mcp → tools/list`]: () => mcpFirstList(binary),
});
const baseline = process.env.SHELLGATE_BASELINE;
const columns = {
  "node -e 0": () => wall(["-e", "0"]),
  ...measures("", bin, root),
  ...(baseline ? measures("before: ", path.join(baseline, "bin/shellgate.js"), baseline) : {}),
};
const samples = Object.fromEntries(Object.keys(columns).map((name) => [name, []]));
for (let round = 0; round < RUNS; round++) {
  for (const [name, measure] of Object.entries(columns)) samples[name].push(await measure());
}

const bare = median(samples["node -e 0"]);
// Issue 25's targets, as ratios to the bare start measured in the same rounds: the root import's
// cost over bare ≤ 0.5× bare, `describe` ≤ 1.6× bare, `mcp` to its first tools/list ≤ 1.8× bare.
const targets = {
  'import("shellgate")': { limit: 0.5, ratio: (value) => (value - bare) / bare, what: "over bare" },
  "shellgate describe": { limit: 1.6, ratio: (value) => value / bare, what: "of bare" },
  "shellgate mcp → tools/list": { limit: 1.8, ratio: (value) => value / bare, what: "of bare" },
};
console.log(`median of ${RUNS} runs each, interleaved (Node ${process.version}, ${process.platform})`);
for (const [name, values] of Object.entries(samples)) {
  const value = median(values);
  const over =
    name === "node -e 0"
      ? ""
      : `  (+${(value - bare).toFixed(0)} ms over bare, ${(value / bare).toFixed(2)}x bare)`;
  const target = targets[name];
  const verdict = target
    ? `  ${target.ratio(value).toFixed(2)}x ${target.what}, target ≤ ${target.limit}x: ${target.ratio(value) <= target.limit ? "met" : "missed"}`
    : "";
  console.log(`${name.padEnd(36)} ${value.toFixed(0).padStart(5)} ms${over}${verdict}`);
}
