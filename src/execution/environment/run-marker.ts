import { randomUUID } from "node:crypto";

/** The variable every process of one run inherits; see `listDescendants` for how it finds escapees. */
export const RUN_MARKER_VARIABLE = "SHELLGATE_RUN";

export interface RunMarker {
  readonly name: string;
  readonly value: string;
}

export function createRunMarker(): RunMarker {
  return { name: RUN_MARKER_VARIABLE, value: randomUUID() };
}
