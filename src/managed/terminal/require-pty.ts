import {
  loadPty,
  PTY_NOT_INSTALLED,
  type PtyImporter,
  type PtyModule,
} from "../../execution/launch/pty-loader.js";
import { ManagedProcessError } from "../managed-process-error.js";

/** Loads node-pty or fails with the "not installed" error the model can act on. */
export async function requirePty(importer?: PtyImporter): Promise<PtyModule> {
  const pty = await loadPty(importer);
  if (pty === null) throw new ManagedProcessError("pty_unavailable", PTY_NOT_INSTALLED);
  return pty;
}
