import type { EventEmitter } from "node:events";

/**
 * The part of ssh2 shellgate uses, typed here so the optional package is never a type dependency
 * of the published declarations.
 */
export interface SshChannel extends EventEmitter {
  readonly stderr: EventEmitter;
  write(data: Buffer | string, callback?: (error?: Error | null) => void): boolean;
  end(): void;
  close(): void;
  setWindow(rows: number, columns: number, height: number, width: number): void;
}

export interface SshConnectConfig {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly privateKey?: Buffer;
  readonly agent?: string;
  readonly hostVerifier: (key: Buffer) => boolean;
  readonly keepaliveInterval: number;
  readonly keepaliveCountMax: number;
  readonly readyTimeout: number;
  readonly algorithms?: { readonly serverHostKey?: readonly string[] };
}

export interface SshConnection extends EventEmitter {
  connect(config: SshConnectConfig): void;
  exec(
    command: string,
    options: { pty?: { cols: number; rows: number; term: string } | false },
    callback: (error: (Error & { reason?: number }) | undefined, channel: SshChannel) => void,
  ): boolean;
  end(): void;
}

type ClientConstructor = new () => SshConnection;

let constructorPromise: Promise<ClientConstructor> | undefined;

export function loadSshClient(): Promise<ClientConstructor> {
  constructorPromise ??= import("ssh2").then((module) => {
    const namespace = module as unknown as {
      Client?: ClientConstructor;
      default?: { Client: ClientConstructor };
    };
    return (namespace.Client ?? namespace.default?.Client) as ClientConstructor;
  });
  return constructorPromise;
}
