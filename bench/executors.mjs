// Per-command overhead of the remote executors. Run: bash scripts/engines/engines.sh start && npm run build
// && node bench/executors.mjs [runs]   (default 50; SHELLGATE_ENGINES_DIR moves the engines' state)
// Prints, side by side in one run: the median wall time of `true` through shellgate's Docker executor
// vs a raw dockerode exec of `true` (create, start, stream end, inspect) in the same container; through
// shellgate's SSH executor vs a raw ssh2 channel on a kept connection to the same sshd; and through the
// local executor vs a raw child_process.spawn. The contenders of each pair run interleaved, in
// alternating order, so machine noise hits both alike; the ratio is of the medians.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Docker from "dockerode";
import { Client } from "ssh2";
import { createShellgate } from "../dist/src/index.js";

const runs = Number(process.argv[2] ?? 50);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const enginesDirectory = process.env.SHELLGATE_ENGINES_DIR ?? path.join(root, ".engines");
let engines;
try {
  engines = JSON.parse(readFileSync(path.join(enginesDirectory, "engines.json"), "utf8"));
} catch {
  console.error(
    `no ${enginesDirectory}/engines.json: start the engines first (bash scripts/engines/engines.sh start)`,
  );
  process.exit(1);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(run) {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Runs the pair interleaved (alternating which goes first) and returns both medians. */
async function pair(raw, shellgate) {
  for (let warm = 0; warm < 5; warm++) {
    await raw();
    await shellgate();
  }
  const times = { raw: [], shellgate: [] };
  for (let index = 0; index < runs; index++) {
    const order = index % 2 === 0 ? ["raw", "shellgate"] : ["shellgate", "raw"];
    for (const name of order) times[name].push(await time(name === "raw" ? raw : shellgate));
  }
  return { raw: median(times.raw), shellgate: median(times.shellgate) };
}

/** `true` through an instance's executor, as the bash tool runs it (admission aside). */
function throughShellgate(instance) {
  return async () => {
    const result = await instance.executor.run(instance.executor.resolve({ command: "true" }));
    if (result.exitCode !== 0) throw new Error(`true exited ${result.exitCode ?? result.signal}`);
  };
}

const config = { safety_profile: "unrestricted" };

// Docker: the bash test container on the private dockerd.
const docker = new Docker({ socketPath: engines.docker.docker_host.replace(/^unix:\/\//, "") });
const container = docker.getContainer(engines.docker.containers.bash);
async function rawDockerExec() {
  const exec = await container.exec({ Cmd: ["true"], AttachStdout: true, AttachStderr: true });
  const stream = await exec.start({ hijack: true, stdin: false });
  stream.resume();
  await new Promise((resolve) => stream.once("close", resolve));
  const { ExitCode } = await exec.inspect();
  if (ExitCode !== 0) throw new Error(`raw exec exited ${ExitCode}`);
}
const dockerShellgate = await createShellgate({
  ...config,
  executor: {
    kind: "docker",
    container: engines.docker.containers.bash,
    docker_host: engines.docker.docker_host,
  },
});
const dockerFigures = await pair(rawDockerExec, throughShellgate(dockerShellgate));
await dockerShellgate.close();

// SSH: the test sshd; the raw channel reuses one connection, as shellgate does.
const server = engines.ssh;
const connection = new Client();
await new Promise((resolve, reject) =>
  connection
    .once("ready", resolve)
    .once("error", reject)
    .connect({
      host: server.host,
      port: server.port,
      username: server.user,
      privateKey: readFileSync(server.identity_file),
    }),
);
function rawSshChannel() {
  return new Promise((resolve, reject) => {
    connection.exec("true", (error, channel) => {
      if (error) return reject(error);
      let code;
      channel.on("exit", (exitCode) => {
        code = exitCode;
      });
      channel.resume();
      channel.stderr.resume();
      channel.once("close", () => (code === 0 ? resolve() : reject(new Error(`raw channel exited ${code}`))));
    });
  });
}
const sshShellgate = await createShellgate({
  ...config,
  executor: {
    kind: "ssh",
    host: server.host,
    port: server.port,
    user: server.user,
    identity_file: server.identity_file,
    known_hosts: server.known_hosts,
  },
});
const sshFigures = await pair(rawSshChannel, throughShellgate(sshShellgate));
await sshShellgate.close();
connection.end();

// Local, for scale: the local executor vs a raw spawn of bash -c true.
function rawSpawn() {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", "true"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.resume();
    child.stderr.resume();
    child.once("error", reject);
    child.once("close", resolve);
  });
}
const localShellgate = await createShellgate(config);
const localFigures = await pair(rawSpawn, throughShellgate(localShellgate));
await localShellgate.close();

const row = (name, figures, budget) =>
  `${name.padEnd(7)} ${figures.raw.toFixed(1).padStart(8)} ms raw   ${figures.shellgate.toFixed(1).padStart(8)} ms shellgate   ${(figures.shellgate / figures.raw).toFixed(2)}×${budget ? ` (budget ≤ ${budget}×)` : ""}`;
console.log(`true, median of ${runs} each, interleaved`);
console.log(row("docker", dockerFigures, "1.15"));
console.log(row("ssh", sshFigures, "1.2"));
console.log(row("local", localFigures));
