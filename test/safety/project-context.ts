import type { SafetyContext } from "../../src/safety/context.js";

/**
 * Where a case that names no place is judged: an agent's project under its home, the place every
 * tool call gives the gate. Without any context the gate reads the unknown directory strictly (as
 * `/` and as the home), which is what a host that gives none gets, not what an agent's call meets.
 */
export const PROJECT_CONTEXT: SafetyContext = { cwd: "/home/agent/project", home: "/home/agent" };

/** The case's own context, else the project. */
export function caseContext(context: SafetyContext | undefined): SafetyContext {
  return context ?? PROJECT_CONTEXT;
}
