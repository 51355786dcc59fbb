import { tableRule } from "./subcommand-actions.js";

/**
 * `ssh-copy-id HOST` appends a key to the remote account's authorized_keys: persistence on another
 * machine (whoever holds the key logs in there from now on). `-n` only shows which keys it would copy.
 */
export const remoteTrustRule = tableRule({
  "ssh-copy-id": {
    valued: ["-i", "-p", "-o", "-F", "-t", "-J"],
    dryRun: ["-n"],
    actions: [
      {
        path: [/./],
        rule: "persistence.remote-authorized-keys",
        what: "adds a key to the remote account's authorized_keys, letting its holder log in there from now on",
      },
    ],
    instead: "ask the user to install the key.",
  },
});
