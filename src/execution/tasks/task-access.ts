/** Reading or killing a task that is unknown or belongs to another owner. */
export class TaskAccessError extends Error {
  override readonly name = "TaskAccessError";
  constructor(
    readonly code: "unknown-task" | "other-owner",
    message: string,
  ) {
    super(message);
  }
}

export function unknownTask(id: string): TaskAccessError {
  return new TaskAccessError("unknown-task", `unknown bash task "${id}"`);
}

/**
 * The ownership fence. A task started without an owner is open to anyone; an owned task only to the
 * same owner — a caller without an owner cannot reach it. An empty string is a real owner. Pure.
 */
export function assertTaskAccess(
  id: string,
  taskOwner: string | undefined,
  caller: string | undefined,
): void {
  if (taskOwner !== undefined && taskOwner !== caller) {
    throw new TaskAccessError("other-owner", `task ${id} belongs to another session`);
  }
}
