import { z } from "zod";
import { taskIdField } from "./fields.js";

/** The dsh `bash_kill` tool: stop a background task and its whole process tree. */
export const bashKillInputSchema = z.strictObject({
  task_id: taskIdField.describe("The task id returned by bash with run_in_background."),
});

export type BashKillInput = z.output<typeof bashKillInputSchema>;
