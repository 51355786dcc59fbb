import { accountRule } from "./account.js";
import { cloudDeletionRule } from "./cloud-deletion.js";
import { configuredCommandRule } from "./configured-commands.js";
import { confirmedDeleteRule } from "./confirmed-deletes.js";
import { containerEscapeRule } from "./container-escape.js";
import { databaseClientRule } from "./database-clients.js";
import { databaseTaskRule } from "./database-tasks.js";
import { databaseWireRule } from "./database-wire.js";
import { deleteRule } from "./delete.js";
import { hostedStateRule } from "./hosted-state.js";
import { loadableBuiltinRule } from "./loadable-builtin.js";
import { mkfsRule } from "./mkfs.js";
import { networkShellRule } from "./network-shells.js";
import { permissionsRule } from "./permissions.js";
import { powerRule } from "./power.js";
import { privilegeRule } from "./privilege.js";
import { remoteTrustRule } from "./remote-trust.js";
import type { Rule } from "./rule.js";
import { secretUploadRule } from "./secret-uploads.js";
import { systemAdminRule } from "./system-admin.js";
import { userRecordsRule } from "./user-records.js";
import { windowsRule } from "./windows.js";

/** The per-command rule families, in the order their findings are reported. */
export const RULES: readonly Rule[] = [
  privilegeRule,
  deleteRule,
  mkfsRule,
  powerRule,
  permissionsRule,
  accountRule,
  windowsRule,
  loadableBuiltinRule,
  hostedStateRule,
  cloudDeletionRule,
  confirmedDeleteRule,
  databaseClientRule,
  databaseWireRule,
  systemAdminRule,
  remoteTrustRule,
  userRecordsRule,
  networkShellRule,
  secretUploadRule,
  containerEscapeRule,
  configuredCommandRule,
  databaseTaskRule,
];
