import { z } from "zod";
import {
  managedActionFields,
  WRITE_NEEDS_INPUT,
  writeHasInput,
} from "../../managed/actions/action-schemas.js";

// The managed-process actions as separate tools (the MCP surface), each the action's own fields
// and nothing else. Each is a strict object, so a follow-up cannot carry `command`, `timeout` or
// `run_in_background` at all.

export const processStartInputSchema = z.strictObject(managedActionFields.start);
export const processReadInputSchema = z.strictObject(managedActionFields.read);
export const processWaitInputSchema = z.strictObject(managedActionFields.wait);
export const processStatusInputSchema = z.strictObject(managedActionFields.status);
export const processWriteInputSchema = z
  .strictObject(managedActionFields.write)
  .refine(writeHasInput, { error: WRITE_NEEDS_INPUT });
export const processTerminateInputSchema = z.strictObject(managedActionFields.terminate);
export const processListInputSchema = z.strictObject(managedActionFields.list);

export type ProcessStartInput = z.output<typeof processStartInputSchema>;
export type ProcessReadInput = z.output<typeof processReadInputSchema>;
export type ProcessWaitInput = z.output<typeof processWaitInputSchema>;
export type ProcessStatusInput = z.output<typeof processStatusInputSchema>;
export type ProcessWriteInput = z.output<typeof processWriteInputSchema>;
export type ProcessTerminateInput = z.output<typeof processTerminateInputSchema>;
export type ProcessListInput = z.output<typeof processListInputSchema>;
