import { z } from "zod";
import { LIFETIME_SECONDS_MAX, LIFETIME_SECONDS_MIN } from "../../managed/limits.js";

// Field schemas shared by the run shapes (the managed actions' fields live with their actions, in
// src/managed/actions/action-schemas.ts). The numbers come from the managed-process limits.

export const commandField = z
  .string()
  .min(1)
  .refine((text) => text.trim().length > 0, { message: "must not be only whitespace" });

export const timeoutSecondsField = z.number().int().min(LIFETIME_SECONDS_MIN).max(LIFETIME_SECONDS_MAX);

export const runInBackgroundField = z.boolean();

export const taskIdField = z.string().min(1);
