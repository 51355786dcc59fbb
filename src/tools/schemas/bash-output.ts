import { z } from "zod";
import { taskIdField } from "./fields.js";

/** The dsh `bash_output` tool: output of a background task since the previous read. */
export const bashOutputInputSchema = z.strictObject({
  task_id: taskIdField.describe("The task id returned by bash with run_in_background."),
});

export type BashOutputInput = z.output<typeof bashOutputInputSchema>;
