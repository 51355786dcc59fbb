import { createRunMarker } from "../../../../src/execution/environment/run-marker.js";
import type { LaunchPlan } from "../../../../src/execution/launch/launcher.js";
import { createFakeLauncher } from "../../../support/fake-launcher.js";
import { describeLauncherContract } from "./launcher-contract.js";

function plan(command: string, env: Readonly<Record<string, string>> = {}, file = "/bin/bash"): LaunchPlan {
  const marker = createRunMarker();
  return {
    shell: "bash",
    file,
    args: ["--norc", "-c", command],
    cwd: "/",
    delivery: "argv",
    detached: true,
    windowsHide: true,
    crossSpawn: false,
    env: { ...env, [marker.name]: marker.value },
    marker,
  };
}

// The in-memory launcher keeps the contract too: the proof that the supervision above the seam can
// be tested with no process at all.
describeLauncherContract("an in-memory fake", {
  launcher: () => createFakeLauncher(),
  plan: (command, env) => plan(command, env),
  unstartable: () => plan("true", {}, "/nonexistent/program"),
  terminals: true,
});
