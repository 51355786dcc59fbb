import { literalWord } from "../extract/expanded-word.js";
import type { Rule } from "./rule.js";
import { type ParsedLine, type ProgramActions, tableRule } from "./subcommand-actions.js";

/**
 * System administration that breaks the machine or cuts it off: flushing the firewall, remounting a
 * system file system read-only (or unmounting it), loading or unloading kernel modules, changing
 * kernel parameters at run time, switching mandatory access control off, stopping remote access or
 * networking, turning swap off. Listings, status, dry runs and help texts stay allowed. Writes under
 * /proc/sys are judged with the other write targets (write-targets.ts).
 */

const FIREWALL = {
  rule: "system.firewall",
  what: "removes the firewall rules (or its policy locks the machine)",
};
const FIREWALL_OFF = { rule: "system.firewall", what: "switches the firewall off" };
const REMOTE_ACCESS = /^(sshd?|ssh\.socket|openssh-server|opensshd|dropbear)(\.service|\.socket)?$/;
const NETWORKING =
  /^(NetworkManager|network-manager|networking|network|systemd-networkd|wpa_supplicant|systemd-resolved|dhcpcd|connman)(\.service|\.socket)?$/;
const FIREWALL_UNITS = /^(firewalld|ufw|nftables|iptables|ip6tables|netfilter-persistent)(\.service)?$/;
const MAC_UNITS = /^(apparmor|selinux)(\.service)?$/;
const STOP = /^(stop|disable|mask|kill)$/;

const XTABLES: ProgramActions = {
  valued: ["-t", "--table", "-w", "--wait"],
  actions: [
    {
      path: [],
      anyOption: [
        ["-F", "--flush"],
        ["-X", "--delete-chain"],
      ],
      ...FIREWALL,
    },
    {
      path: [],
      anyOption: [["-P", "--policy"]],
      operand: /^(DROP|REJECT)$/,
      ...FIREWALL,
    },
  ],
  instead: "list the rules (iptables -S) or add a specific rule, or ask the user.",
};
const RESTORE: ProgramActions = {
  dryRun: ["-t", "--test"],
  actions: [{ path: [], rule: "system.firewall", what: "replaces the whole firewall rule set" }],
  instead: "check the rules with --test, or ask the user.",
};

const operandsText = (line: ParsedLine) => line.operands.join(" ");

const mountOptions = (line: ParsedLine) =>
  [...(line.values.get("-o") ?? []), ...(line.values.get("--options") ?? [])].join(",").split(",");

const SERVICES: ProgramActions = {
  valued: [
    "-H",
    "--host",
    "-M",
    "--machine",
    "-t",
    "--type",
    "-p",
    "--property",
    "-s",
    "--signal",
    "--state",
    "-o",
    "--output",
    "-n",
    "--lines",
    "--root",
    "--kill-whom",
  ],
  actions: [
    {
      path: [STOP],
      operand: REMOTE_ACCESS,
      when: (line) => !line.options.includes("--user"),
      rule: "system.remote-access",
      what: "stops the ssh server, which cuts off remote access to the machine",
    },
    {
      path: [STOP],
      operand: NETWORKING,
      when: (line) => !line.options.includes("--user"),
      rule: "system.network",
      what: "stops networking on the machine",
    },
    {
      path: [STOP],
      operand: FIREWALL_UNITS,
      when: (line) => !line.options.includes("--user"),
      ...FIREWALL_OFF,
    },
    {
      path: [STOP],
      operand: MAC_UNITS,
      when: (line) => !line.options.includes("--user"),
      rule: "system.mandatory-access-control",
      what: "switches mandatory access control off",
    },
  ],
  instead: "restart the service instead (systemctl restart), or ask the user.",
};

const ADMIN: Record<string, ProgramActions> = {
  iptables: XTABLES,
  ip6tables: XTABLES,
  "iptables-legacy": XTABLES,
  "iptables-nft": XTABLES,
  ebtables: XTABLES,
  arptables: XTABLES,
  "iptables-restore": RESTORE,
  "ip6tables-restore": RESTORE,
  ipset: {
    actions: [
      // Without a set name every set goes; one named set is a rule of its own.
      { path: [/^(flush|destroy)$/], when: (line) => line.operands.length === 1, ...FIREWALL },
      {
        path: [],
        anyOption: [["-F", "--flush", "-X", "--destroy"]],
        when: (line) => line.operands.length === 0,
        ...FIREWALL,
      },
    ],
    instead: "list the sets (ipset list), or ask the user.",
  },
  nft: {
    valued: ["-f", "--file", "-I", "--includepath"],
    dryRun: ["-c", "--check"],
    actions: [
      {
        path: [],
        when: (line) => /(^|[\s;])(flush|delete|destroy)\s+(ruleset|table|chain)\b/.test(operandsText(line)),
        ...FIREWALL,
      },
    ],
    instead: "list the rules (nft list ruleset) or add a specific rule, or ask the user.",
  },
  ufw: {
    dryRun: ["--dry-run"],
    actions: [{ path: [/^(disable|reset)$/], ...FIREWALL_OFF }],
    instead: "add or delete a specific rule (ufw allow …), or ask the user.",
  },
  "firewall-cmd": {
    actions: [
      {
        path: [],
        anyOption: [["--panic-on"]],
        rule: "system.network",
        what: "drops every packet, cutting the machine off",
      },
    ],
    instead: "ask the user.",
  },
  mount: {
    valued: [
      "-o",
      "--options",
      "-t",
      "--types",
      "-L",
      "--label",
      "-U",
      "--uuid",
      "-O",
      "--test-opts",
      "--source",
      "--target",
      "-B",
      "--bind",
    ],
    dryRun: ["--fake", "-f"],
    actions: [
      {
        path: [],
        when: (line) => {
          const options = mountOptions(line);
          return (
            options.includes("remount") &&
            (options.includes("ro") || line.options.some((word) => word === "-r" || word === "--read-only"))
          );
        },
        rule: "system.mount",
        what: "remounts a file system read-only, which stops the system writing to it",
      },
    ],
    instead: "ask the user.",
  },
  umount: {
    valued: ["-t", "--types", "-O", "--test-opts", "-N", "--namespace"],
    dryRun: ["--fake"],
    actions: [
      {
        path: [],
        operand: /^\/(usr|boot|var|etc|home|lib|bin|sbin)?\/?$/,
        rule: "system.mount",
        what: "unmounts a system file system",
      },
      { path: [], anyOption: [["-a", "--all"]], rule: "system.mount", what: "unmounts every file system" },
    ],
    instead: "unmount only the disks you mounted yourself, or ask the user.",
  },
  insmod: {
    actions: [{ path: [/./], rule: "system.kernel-module", what: "loads code into the running kernel" }],
    instead: "ask the user to load the module.",
  },
  rmmod: {
    actions: [
      { path: [/./], rule: "system.kernel-module", what: "unloads a driver from the running kernel" },
    ],
    instead: "ask the user to unload the module.",
  },
  modprobe: {
    valued: ["-C", "--config", "-d", "--dirname", "-S", "--set-version"],
    dryRun: ["-n", "--dry-run", "-c", "--showconfig", "-D", "--show-depends", "--show"],
    actions: [
      {
        path: [/./],
        rule: "system.kernel-module",
        what: "loads or unloads a kernel module in the running kernel",
      },
    ],
    instead: "check with modprobe --dry-run, or ask the user.",
  },
  sysctl: {
    actions: [
      {
        path: [],
        anyOption: [["-w", "--write"], ["-p", "--load"], ["--system"]],
        rule: "system.kernel-parameter",
        what: "changes kernel parameters of the running system",
      },
      {
        path: [],
        operand: /^[^=]+=/,
        rule: "system.kernel-parameter",
        what: "changes kernel parameters of the running system",
      },
    ],
    instead: "read the value (sysctl NAME), or ask the user to change it.",
  },
  setenforce: {
    actions: [
      {
        path: [/^(0|permissive)$/i],
        rule: "system.mandatory-access-control",
        what: "switches SELinux enforcement off",
      },
    ],
    instead: "ask the user.",
  },
  "aa-teardown": {
    actions: [{ path: [], rule: "system.mandatory-access-control", what: "unloads every AppArmor profile" }],
    instead: "ask the user.",
  },
  "aa-disable": {
    actions: [
      {
        path: [/./],
        rule: "system.mandatory-access-control",
        what: "switches AppArmor confinement off for the profile",
      },
    ],
    instead: "ask the user.",
  },
  "aa-complain": {
    actions: [
      { path: [/./], rule: "system.mandatory-access-control", what: "stops AppArmor enforcing the profile" },
    ],
    instead: "ask the user.",
  },
  apparmor_parser: {
    actions: [
      {
        path: [],
        anyOption: [["-R", "--remove"]],
        rule: "system.mandatory-access-control",
        what: "unloads an AppArmor profile",
      },
    ],
    instead: "ask the user.",
  },
  systemctl: SERVICES,
  service: {
    actions: [
      {
        path: [REMOTE_ACCESS, "stop"],
        rule: "system.remote-access",
        what: "stops the ssh server, which cuts off remote access to the machine",
      },
      { path: [NETWORKING, "stop"], rule: "system.network", what: "stops networking on the machine" },
      { path: [FIREWALL_UNITS, "stop"], ...FIREWALL_OFF },
      {
        path: [MAC_UNITS, /^(stop|teardown)$/],
        rule: "system.mandatory-access-control",
        what: "switches mandatory access control off",
      },
    ],
    instead: SERVICES.instead,
  },
  ip: {
    valued: ["-n", "-netns", "-b", "-batch", "-rc", "-family", "-f"],
    actions: [
      {
        path: [],
        when: (line) =>
          /^(l|li|lin|link) (s|se|set) (.* )?down\b|^(a|ad|addr|address) (f|fl|flush)\b|^(r|ro|route) (f|fl|flush)\b|^(r|ro|route) (d|del|delete) default\b/.test(
            operandsText(line),
          ),
        rule: "system.network",
        what: "takes the network interface or routes down",
      },
    ],
    instead: "show the links and routes (ip a, ip route), or ask the user.",
  },
  ifconfig: {
    actions: [
      {
        path: [/./],
        when: (line) => line.operands.at(-1) === "down",
        rule: "system.network",
        what: "takes the network interface down",
      },
    ],
    instead: "ask the user.",
  },
  rfkill: {
    actions: [
      { path: ["block", /./], rule: "system.network", what: "switches the radios off (Wi-Fi, Bluetooth)" },
    ],
    instead: "list them (rfkill list), or ask the user.",
  },
  ifdown: {
    dryRun: ["-n", "--no-act"],
    actions: [{ path: [/./], rule: "system.network", what: "takes the network interface down" }],
    instead: "ask the user.",
  },
  nmcli: {
    valued: [
      "-f",
      "--fields",
      "-g",
      "--get-values",
      "-m",
      "--mode",
      "-e",
      "--escape",
      "-w",
      "--wait",
      "-c",
      "--colors",
    ],
    actions: [
      {
        path: [],
        when: (line) =>
          /^(n|ne|net|netw|networking) off\b|^(r|ra|radio) (all|wifi|wwan) off\b|^(d|de|dev|device) (disconnect|down)\b|^(c|co|con|connection) down\b/.test(
            operandsText(line),
          ),
        rule: "system.network",
        what: "switches networking off",
      },
    ],
    instead: "show the state (nmcli device status), or ask the user.",
  },
  swapoff: {
    actions: [
      { path: [/./], rule: "system.swap", what: "turns swap off, which can exhaust memory" },
      {
        path: [],
        anyOption: [["-a", "--all"]],
        rule: "system.swap",
        what: "turns swap off, which can exhaust memory",
      },
    ],
    instead: "ask the user.",
  },
  killall: {
    valued: [
      "-u",
      "--user",
      "-s",
      "--signal",
      "-o",
      "--older-than",
      "-y",
      "--younger-than",
      "-n",
      "--ns",
      "-Z",
      "--context",
    ],
    actions: [
      {
        path: [],
        operand: REMOTE_ACCESS,
        rule: "system.remote-access",
        what: "kills the ssh server, which cuts off remote access",
      },
      { path: [], operand: NETWORKING, rule: "system.network", what: "kills the network service" },
    ],
    instead: "ask the user.",
  },
  pkill: {
    valued: [
      "-u",
      "-U",
      "-g",
      "-G",
      "-P",
      "-s",
      "-t",
      "-F",
      "--signal",
      "--euid",
      "--uid",
      "--group",
      "--parent",
      "--session",
      "--terminal",
      "--pidfile",
      "--ns",
      "--nslist",
    ],
    actions: [
      {
        path: [],
        operand: REMOTE_ACCESS,
        rule: "system.remote-access",
        what: "kills the ssh server, which cuts off remote access",
      },
      { path: [], operand: NETWORKING, rule: "system.network", what: "kills the network service" },
    ],
    instead: "ask the user.",
  },
};

const adminTable = tableRule(ADMIN);

/** `/etc/init.d/ssh stop` is `service ssh stop`. */
export const systemAdminRule: Rule = (input) => {
  const first = input.invocation.words[0];
  const script =
    first === undefined ? undefined : /^\/etc\/(?:init\.d|rc\.d)\/([^/]+)$/.exec(first.value)?.[1];
  if (script !== undefined)
    return adminTable({ ...input, name: "service", args: [literalWord(script, first!.span), ...input.args] });
  return adminTable(input);
};
