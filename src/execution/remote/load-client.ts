import { ExecutorError } from "./executor-error.js";

/** The engines' client packages: optional peers, loaded only when that executor kind is configured. */
export type ClientPackage = "dockerode" | "ssh2" | "@kubernetes/client-node";

const EXECUTOR_OF: Readonly<Record<ClientPackage, string>> = {
  dockerode: "docker",
  ssh2: "ssh",
  "@kubernetes/client-node": "kubernetes",
};

function isMissing(error: unknown, name: ClientPackage): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : "";
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(name);
}

/**
 * Loads one client package (the import is the caller's, so bundlers see a literal specifier). A
 * missing package is one sentence naming what to install; any other failure says which package
 * failed to load and why.
 */
export async function loadClient<T>(name: ClientPackage, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const executor = EXECUTOR_OF[name];
    if (isMissing(error, name)) {
      throw new ExecutorError(
        "client-missing",
        `The ${executor} executor needs the ${name} package, which is not installed: run npm install ${name}.`,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExecutorError("client-missing", `The ${executor} executor could not load ${name}: ${reason}`);
  }
}
