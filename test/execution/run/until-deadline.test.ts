import { describe, expect, it } from "vitest";
import { untilDeadline } from "../../../src/execution/run/until-deadline.js";

/** A command stand-in that ends when it is stopped. */
function stoppable() {
  let finish: (value: string) => void = () => {};
  const finished = new Promise<string>((resolve) => {
    finish = resolve;
  });
  let stops = 0;
  return {
    finished,
    stop: () => {
      stops += 1;
      finish("stopped");
      return undefined;
    },
    finish,
    get stops() {
      return stops;
    },
  };
}

describe("untilDeadline", () => {
  it("stops the command when its time is up and says it timed out", async () => {
    const command = stoppable();
    const outcome = await untilDeadline({ ...command, timeoutMs: 0 });
    expect(outcome).toEqual({ end: "stopped", timedOut: true, aborted: false });
    expect(command.stops).toBe(1);
  });

  it("stops the command when the caller aborts, and a command that ends first is not stopped", async () => {
    const aborting = stoppable();
    const controller = new AbortController();
    const pending = untilDeadline({ ...aborting, timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ end: "stopped", timedOut: false, aborted: true });

    const ending = stoppable();
    const done = untilDeadline({ ...ending, timeoutMs: 60_000, signal: new AbortController().signal });
    ending.finish("exited");
    expect(await done).toEqual({ end: "exited", timedOut: false, aborted: false });
    expect(ending.stops).toBe(0);
  });
});
