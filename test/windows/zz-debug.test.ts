import { execFileSync } from "node:child_process";
import { it } from "vitest";
import { listDescendants } from "../../src/terminate/list-descendants.js";
import { isProcessAlive } from "../../src/terminate/process-alive.js";
import { startNodeTree } from "./support/process-tree.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
const tmp = useTemporaryDirectories("dbg-");
it("times", async () => {
  const tree = await startNodeTree(tmp(), 3);
  let t = Date.now();
  const d = await listDescendants(tree.pids[0]!);
  console.log("DEBUG list", Date.now() - t, d);
  t = Date.now();
  for (const pid of tree.pids) { try { execFileSync("taskkill", ["/F", "/PID", String(pid)], { stdio: "ignore" }); } catch {} }
  console.log("DEBUG taskkill", Date.now() - t);
  t = Date.now();
  while (tree.pids.some(isProcessAlive) && Date.now() - t < 15000) await new Promise((r) => setTimeout(r, 50));
  console.log("DEBUG gone after", Date.now() - t, tree.pids.map(isProcessAlive));
}, 60000);
