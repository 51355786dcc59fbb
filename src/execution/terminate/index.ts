export { type ListDescendantsOptions, listDescendants } from "./list-descendants.js";
export {
  planTermination,
  type TerminationPlan,
  type TerminationStep,
  type TerminationTarget,
} from "./plan-termination.js";
export { isGroupAlive, isProcessAlive, waitUntilGone } from "./process-alive.js";
export { type ProcessEntry, parseProcessTable, treeMembers } from "./process-table.js";
export { type TerminateTreeOptions, type TerminationReport, terminateTree } from "./terminate-tree.js";
