/**
 * git configuration keys whose value is a command, from git-config(1): what git runs, and how.
 * `shell` values run through the shell (git adds arguments after them), `program` values are run as a
 * program, `bang` values are commands only when they start with `!` (aliases, credential helpers),
 * `flag-or-shell` values are commands unless they are a boolean (`pager.<cmd>`, `core.fsmonitor`).
 */
export type GitValueKind = "shell" | "program" | "bang" | "flag-or-shell";

const KEYS: ReadonlyArray<readonly [RegExp, GitValueKind]> = [
  [/^core\.(pager|editor|sshcommand|askpass|alternaterefscommand)$/, "shell"],
  [/^core\.fsmonitor$/, "flag-or-shell"],
  [/^core\.gitproxy$/, "program"],
  [/^sequence\.editor$/, "shell"],
  [/^pager\..+$/, "flag-or-shell"],
  [/^diff\.external$/, "shell"],
  [/^diff\..+\.(textconv|command)$/, "shell"],
  [/^merge\..+\.driver$/, "shell"],
  [/^filter\..+\.(clean|smudge|process)$/, "shell"],
  [/^gpg(\..+)?\.program$/, "program"],
  [/^uploadpack\.packobjectshook$/, "shell"],
  [/^credential(\..+)?\.helper$/, "bang"],
  [/^alias\..+$/, "bang"],
  [/^remote\..+\.(uploadpack|receivepack)$/, "shell"],
  [/^(man|browser|difftool|mergetool)\..+\.cmd$/, "shell"],
  [/^(man|browser|difftool|mergetool)\..+\.path$/, "program"],
  [/^interactive\.difffilter$/, "shell"],
  [/^sendemail\.(sendmailcmd|tocmd|cccmd|smtpserver)$/, "shell"],
  [/^imap\.tunnel$/, "shell"],
];

/** How git treats `key`'s value, or undefined when the key names no command. */
export function gitKeyKind(key: string): GitValueKind | undefined {
  const lower = key.toLowerCase();
  return KEYS.find(([pattern]) => pattern.test(lower))?.[1];
}

/** The shell text a setting makes git run, or undefined when the value is no command. */
export function gitSettingCommand(key: string, value: string): string | undefined {
  const kind = gitKeyKind(key);
  if (kind === undefined || value.trim() === "") return undefined;
  if (kind === "bang") {
    // `credential.helper=store` runs git's own `git credential-store`; `!cmd` and absolute paths run as shell text.
    if (value.startsWith("!")) return value.slice(1);
    return /^credential/i.test(key) && value.startsWith("/") ? value : undefined;
  }
  if (kind === "flag-or-shell" && /^(true|false|yes|no|on|off|1|0|always|never|auto)$/i.test(value.trim()))
    return undefined;
  if (kind === "program") return `'${value.replaceAll("'", "'\\''")}' x`;
  return value;
}

/**
 * Options of git subcommands whose value is a command (git-clone(1), git-fetch(1), git-ls-remote(1),
 * git-push(1), git-archive(1), git-rebase(1), git-difftool(1), git-filter-branch(1), git-grep(1)),
 * and subcommands whose operands are one (git-bisect(1) `run`, git-submodule(1) `foreach`).
 */
export const GIT_COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  clone: ["--upload-pack", "-u"],
  fetch: ["--upload-pack"],
  pull: ["--upload-pack"],
  "ls-remote": ["--upload-pack"],
  "fetch-pack": ["--upload-pack"],
  push: ["--receive-pack", "--exec"],
  "send-pack": ["--receive-pack"],
  archive: ["--exec"],
  rebase: ["--exec", "-x"],
  difftool: ["--extcmd", "-x"],
  mergetool: [],
  grep: ["--open-files-in-pager", "-O"],
  "filter-branch": [
    "--env-filter",
    "--tree-filter",
    "--index-filter",
    "--parent-filter",
    "--msg-filter",
    "--commit-filter",
    "--tag-name-filter",
  ],
};

/** `git bisect run CMD…`, `git submodule foreach CMD`: the rest of the words are the command. */
export const GIT_COMMAND_OPERANDS: Readonly<Record<string, readonly string[]>> = {
  bisect: ["run"],
  submodule: ["foreach"],
};
