import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineExit } from "../../../../src/execution/remote/engine.js";
import { openSshEngine, type SshEngineOptions } from "../../../../src/execution/remote/ssh/ssh-engine.js";
import { engineFor, type SshEngine as SshServer } from "../../../support/engines.js";

const probe = await engineFor("ssh");
const servers = probe.engine;

describe.skipIf(servers !== undefined)("the SSH engine", () => {
  it.skip(`skipped: ${probe.reason}`, () => undefined);
});

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "ssh-engine-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function optionsFor(server: SshServer, extra: Partial<SshEngineOptions> = {}): SshEngineOptions {
  return {
    host: server.host,
    port: server.port,
    user: server.user,
    identityFile: server.identity_file,
    knownHosts: server.known_hosts,
    ...extra,
  };
}

async function run(
  engine: Awaited<ReturnType<typeof openSshEngine>>,
  argv: string[],
): Promise<{ exit: EngineExit; stdout: string }> {
  const chunks: Buffer[] = [];
  const exec = await engine.exec(
    { argv, stdin: false },
    { onStdout: (chunk) => chunks.push(chunk), onStderr: () => undefined },
  );
  return { exit: await exec.ended, stdout: Buffer.concat(chunks).toString("utf8") };
}

/** A known_hosts naming the test server's key under another port (a relay's). */
function knownHostsAt(server: SshServer, port: number): string {
  const file = path.join(scratch, `known_hosts_${port}`);
  writeFileSync(
    file,
    readFileSync(server.known_hosts, "utf8").replace(/^\[[^\]]+\]:\d+/gm, `[${server.host}]:${port}`),
  );
  return file;
}

/** A TCP relay in front of sshd that the test can freeze (a silent server) or cut (a dropped link). */
async function relay(
  port: number,
): Promise<{ port: number; freeze(): void; cut(): void; close(): Promise<void> }> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on("data", (chunk) => {
        if (!frozen) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    cut: () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(servers !== undefined)("the SSH engine against a real sshd", () => {
  const server = servers?.ssh as SshServer;

  it("refuses an unknown host key with its fingerprint, and never connects", async () => {
    const empty = path.join(scratch, "empty_known_hosts");
    writeFileSync(empty, "");
    const engine = await openSshEngine(optionsFor(server, { knownHosts: empty }));
    const fingerprint = execFileSync("ssh-keygen", ["-l", "-f", server.known_hosts], {
      encoding: "utf8",
    }).split(" ")[1];
    await expect(run(engine, ["true"])).rejects.toMatchObject({
      code: "host-key",
      message: expect.stringContaining(`its key is ${fingerprint}`),
    });
    await engine.close();
  });

  it("refuses a changed host key, naming both fingerprints", async () => {
    const other = path.join(scratch, "other_key");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other]);
    const listed = readFileSync(`${other}.pub`, "utf8").split(" ").slice(0, 2).join(" ");
    const changed = path.join(scratch, "changed_known_hosts");
    writeFileSync(changed, `[${server.host}]:${server.port} ${listed}\n`);
    const engine = await openSshEngine(optionsFor(server, { knownHosts: changed }));
    await expect(run(engine, ["true"])).rejects.toMatchObject({
      code: "host-key",
      message: expect.stringMatching(
        /host key of .* changed: it presented SHA256:\S+, but .* lists ssh-ed25519 SHA256:/,
      ),
    });
    await engine.close();
  });

  it("authenticates through an SSH agent holding the key", async () => {
    const socket = path.join(scratch, "agent.sock");
    const agent = spawn("ssh-agent", ["-D", "-a", socket], { stdio: "ignore" });
    try {
      for (let tries = 0; !existsSync(socket) && tries < 200; tries += 1)
        await new Promise((r) => setTimeout(r, 25));
      execFileSync("ssh-add", ["-q", server.identity_file], {
        env: { ...process.env, SSH_AUTH_SOCK: socket },
        stdio: "ignore",
      });
      const engine = await openSshEngine({
        host: server.host,
        port: server.port,
        user: server.user,
        agent: true,
        knownHosts: server.known_hosts,
        env: { SSH_AUTH_SOCK: socket },
      });
      expect((await run(engine, ["id", "-un"])).stdout).toBe(`${server.user}\n`);
      await engine.close();
    } finally {
      agent.kill();
    }
    await expect(
      openSshEngine({
        host: server.host,
        user: server.user,
        agent: true,
        knownHosts: server.known_hosts,
        env: {},
      }),
    ).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("SSH_AUTH_SOCK is not set"),
    });
  });

  it("says authentication was refused for a key the server does not know", async () => {
    const stranger = path.join(scratch, "stranger");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", stranger]);
    const engine = await openSshEngine(optionsFor(server, { identityFile: stranger }));
    await expect(run(engine, ["true"])).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining(`SSH authentication as ${server.user}`),
    });
    await engine.close();
  });

  it("says the server cannot be reached when nothing listens", async () => {
    const closed = await relay(server.port);
    await closed.close();
    const engine = await openSshEngine(
      optionsFor(server, { port: closed.port, knownHosts: knownHostsAt(server, closed.port) }),
    );
    await expect(run(engine, ["true"])).rejects.toMatchObject({ code: "unreachable" });
    await engine.close();
  });

  it("refuses setup without a readable known_hosts or any way to authenticate", async () => {
    await expect(
      openSshEngine(optionsFor(server, { knownHosts: path.join(scratch, "none") })),
    ).rejects.toMatchObject({
      code: "host-key",
    });
    await expect(
      openSshEngine({
        host: server.host,
        port: server.port,
        user: server.user,
        knownHosts: server.known_hosts,
      }),
    ).rejects.toMatchObject({ code: "refused", message: expect.stringContaining("identity_file or agent") });
  });

  it("runs many channels on one connection, queueing those over the server's MaxSessions", async () => {
    const small = servers?.ssh_small as SshServer;
    const engine = await openSshEngine(optionsFor(small, { maxChannels: 8 }));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => run(engine, ["sh", "-c", `sleep 0.2; echo ${index}`])),
    );
    expect(results.map((result) => result.stdout)).toEqual(["0\n", "1\n", "2\n", "3\n", "4\n", "5\n"]);
    expect(results.every((result) => result.exit.kind === "exited" && result.exit.exitCode === 0)).toBe(true);
    await engine.close();
  });

  it("ends an in-flight run as lost when the server goes silent, and connects again for the next", async () => {
    const link = await relay(server.port);
    const engine = await openSshEngine(
      optionsFor(server, { port: link.port, knownHosts: knownHostsAt(server, link.port), keepaliveMs: 300 }),
    );
    const exec = await engine.exec(
      { argv: ["sleep", "30"], stdin: false },
      { onStdout: () => undefined, onStderr: () => undefined },
    );
    const frozenAt = Date.now();
    link.freeze();
    const exit = await exec.ended;
    expect(exit).toMatchObject({ kind: "lost" });
    // Three keepalives of 300 ms unanswered: noticed in about a second, not at the run's end.
    expect(Date.now() - frozenAt).toBeLessThan(15_000);
    link.cut();
    await engine.close();
    await link.close();
  });

  it("ends an in-flight run as lost when the link drops, then reconnects", async () => {
    const link = await relay(server.port);
    const engine = await openSshEngine(
      optionsFor(server, { port: link.port, knownHosts: knownHostsAt(server, link.port) }),
    );
    const exec = await engine.exec(
      { argv: ["sleep", "30"], stdin: false },
      { onStdout: () => undefined, onStderr: () => undefined },
    );
    link.cut();
    expect((await exec.ended).kind).toBe("lost");
    const again = await run(engine, ["echo", "back"]);
    expect(again.stdout).toBe("back\n");
    await engine.close();
    await link.close();
  });
});
