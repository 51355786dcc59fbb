/**
 * The waits both resident shells (`ResidentShell` on its own pipes, `LaunchedResidentShell` on a
 * launcher's streams) make around a frame, and the interrupt's resend loop they share.
 */

// Referenced timers: a frame that waits on them is work in progress, and must keep the process up.
export function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** How long the frame may take to close after the interrupt line, before the shell is ended. */
export const INTERRUPT_RETURN_MS = 3000;
/** How often the interrupt line is sent again while it is not answered. */
export const INTERRUPT_RESEND_MS = 500;
/** After the shell's end was seen, how long its streams may still deliver. */
export const EXIT_DRAIN_MS = 250;

/**
 * Sends the interrupt line until the frame closes or the shell ends (`answered`), for at most
 * INTERRUPT_RETURN_MS; true when it was answered in time. A command that trapped the interrupt
 * runs on to its next job, so after each unanswered send that one is ended too (`stopAgain`).
 */
export async function resendUntilAnswered(input: {
  readonly answered: Promise<unknown>;
  readonly send: () => void;
  readonly stopAgain: () => Promise<unknown>;
}): Promise<boolean> {
  let settled = false;
  const done = input.answered.then(() => {
    settled = true;
  });
  for (let waited = 0; waited < INTERRUPT_RETURN_MS && !settled; waited += INTERRUPT_RESEND_MS) {
    input.send();
    await Promise.race([done, delay(INTERRUPT_RESEND_MS)]);
    if (!settled) await input.stopAgain();
  }
  return settled;
}
