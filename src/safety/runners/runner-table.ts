import type { CodeKind } from "./code-readers.js";

/**
 * What programs run as commands, as data: which option, operand, variable, input or file of a
 * program becomes a command or a script, and in which language. One mechanism (runner-sources.ts)
 * reads any program's invocation against its row and hands each piece of code to the reader of its
 * language (code-readers.ts). Sources: each program's manual (vim(1) -c/--cmd/+/-S/-u, VIMINIT;
 * less(1) +cmd, LESS; man(1) -P, MANPAGER, MANOPT; ssh(1)/ssh_config(5) -o, -F; scp(1)/sftp(1) -S;
 * rsync(1) -e, RSYNC_RSH; tmux(1) -c, -f and its commands; script(1) -c and $SHELL; gdb(1) -ex, -x;
 * sqlite3's dot-commands; m4's syscmd; cmake(1) -P; ninja(1) -f; tar(1), zip(1), split(1), sort(1)
 * options that name programs; npm's script-shell).
 */
export interface RunnerSpec {
  /** Options whose value is code: `-c TEXT`, `--cmd=TEXT`; `+` stands for a `+TEXT` word. */
  readonly options?: Readonly<Record<string, CodeKind>>;
  /** Options whose value names a file read as code (`vim -S FILE`, `ssh -F FILE`). */
  readonly fileOptions?: Readonly<Record<string, CodeKind>>;
  /** Files read by default when the command wrote them (`~` is the home). */
  readonly defaultFiles?: readonly { readonly path: string; readonly kind: CodeKind }[];
  /** Variables the program reads as code, when set for it or exported earlier. */
  readonly environment?: Readonly<Record<string, CodeKind>>;
  /** Variables holding more options for the program (`MANOPT`, `LESS`), read as if on its command line. */
  readonly optionVariables?: readonly string[];
  /** The program reads commands of this kind from its standard input. */
  readonly input?: CodeKind;
  /** Each operand after the first `skipOperands` is code of this kind (`sqlite3 DB '.shell x'`). */
  readonly operands?: CodeKind;
  readonly skipOperands?: number;
  /** Operands name files of code of this kind (`m4 FILE`), judged when the command wrote them. */
  readonly operandFiles?: CodeKind;
  /** Options that take a value without being code: their value is not an operand. */
  readonly withValue?: readonly string[];
  /** The words after the options are the runner's own command language (`tmux new-session … ; …`). */
  readonly rest?: CodeKind | "tmux-commands";
  /** Options after which none of the code is run (`-n`, `--check`). */
  readonly inert?: readonly string[];
  /** Without a command of its own the program starts `$SHELL` (judged when the command sets SHELL). */
  readonly startsShell?: boolean;
  /** Long options written with one dash (`-nx`, `-eval`): no short-option clusters. */
  readonly singleDashLong?: boolean;
  /** A `withValue` option that is a plain flag under these programs' names or with this flag present. */
  readonly flagWhen?: {
    readonly option: string;
    readonly programs: readonly string[];
    readonly withFlag: RegExp;
  };
}

const VIM: RunnerSpec = {
  options: { "-c": "vim", "--cmd": "vim", "+": "vim" },
  fileOptions: { "-S": "vim", "-u": "vim" },
  environment: { VIMINIT: "vim", EXINIT: "vim" },
  withValue: ["-t", "-q", "-w", "-W", "-T", "-i", "-r", "-s", "--servername", "--remote"],
  // In Ex mode (`ex`, `vim -e`/`-E`) `-s` is silent mode, not `-s SCRIPTIN` (vim(1)).
  flagWhen: { option: "-s", programs: ["ex", "exim"], withFlag: /^-[a-zA-Z]*[eE][a-zA-Z]*$/ },
};

/** A program that reads code of one kind from `-e`-style options, script files and its input. */
function language(kind: CodeKind, options: readonly string[], extra: Partial<RunnerSpec> = {}): RunnerSpec {
  return {
    options: Object.fromEntries(options.map((option) => [option, kind])),
    operandFiles: kind,
    input: kind,
    ...extra,
  };
}

const SSH: RunnerSpec = {
  options: { "-o": "ssh-config" },
  fileOptions: { "-F": "ssh-config" },
  defaultFiles: [{ path: "~/.ssh/config", kind: "ssh-config" }],
  withValue: [
    "-b",
    "-c",
    "-D",
    "-E",
    "-e",
    "-I",
    "-i",
    "-J",
    "-L",
    "-l",
    "-m",
    "-O",
    "-p",
    "-Q",
    "-R",
    "-S",
    "-W",
    "-w",
    "-B",
  ],
};

const SCP: RunnerSpec = { ...SSH, options: { "-o": "ssh-config", "-S": "program" } };

export const RUNNERS: Readonly<Record<string, RunnerSpec>> = {
  vim: VIM,
  vi: VIM,
  nvim: VIM,
  vimdiff: VIM,
  view: VIM,
  ex: VIM,
  rvim: VIM,
  gvim: VIM,
  ed: { input: "ed", inert: ["-h", "--help", "-V", "--version"] },
  red: { input: "ed" },
  less: { options: { "+": "less" }, optionVariables: ["LESS"] },
  man: {
    // MANPAGER and PAGER are command variables for every program (rules/environment.ts).
    options: { "-P": "shell", "--pager": "shell", "-H": "program", "--html": "program" },
    optionVariables: ["MANOPT"],
    inert: ["-k", "-f", "-w", "--where", "--apropos", "--whatis"],
  },
  ssh: SSH,
  slogin: SSH,
  autossh: SSH,
  scp: SCP,
  sftp: SCP,
  // --rsync-path is the command the other machine's shell runs in place of rsync (rsync(1)).
  rsync: {
    options: { "-e": "argv", "--rsh": "argv", "--rsync-path": "shell" },
    environment: { RSYNC_RSH: "argv" },
  },
  tmux: {
    startsShell: true,
    options: { "-c": "shell" },
    fileOptions: { "-f": "tmux" },
    withValue: ["-L", "-S", "-T"],
    rest: "tmux-commands",
  },
  script: {
    startsShell: true,
    options: { "-c": "shell", "--command": "shell" },
    withValue: [
      "-E",
      "--echo",
      "-I",
      "--log-in",
      "-O",
      "--log-out",
      "-B",
      "--log-io",
      "-T",
      "--log-timing",
      "-m",
      "--logging-format",
    ],
  },
  gdb: {
    singleDashLong: true,
    options: {
      "-ex": "gdb",
      "--ex": "gdb",
      "-eval-command": "gdb",
      "--eval-command": "gdb",
      "-iex": "gdb",
      "--init-eval-command": "gdb",
    },
    fileOptions: { "-x": "gdb", "--command": "gdb", "-ix": "gdb", "--init-command": "gdb" },
  },
  sqlite3: {
    options: { "-cmd": "sqlite" },
    fileOptions: { "-init": "sqlite" },
    input: "sqlite",
    operands: "sqlite",
    skipOperands: 1,
    withValue: [
      "-separator",
      "-newline",
      "-nullvalue",
      "-vfs",
      "-maxsize",
      "-mmap",
      "-pagecache",
      "-lookaside",
      "-heap",
    ],
  },
  m4: { input: "m4", operandFiles: "m4", withValue: ["-D", "-U", "-I", "-d", "-o", "-l", "-F", "-R"] },
  cmake: { fileOptions: { "-P": "cmake" }, withValue: ["-S", "-B", "-G", "-T", "-A", "-D", "-U", "-C"] },
  ninja: {
    fileOptions: { "-f": "ninja" },
    defaultFiles: [{ path: "build.ninja", kind: "ninja" }],
    inert: ["-n", "-t", "--version"],
    withValue: ["-C", "-j", "-k", "-l", "-d", "-w"],
  },
  tar: {
    options: {
      "--to-command": "shell",
      "--use-compress-program": "shell",
      "-I": "shell",
      "--info-script": "shell",
      "--new-volume-script": "shell",
      "-F": "shell",
      "--rsh-command": "program",
    },
  },
  gtar: { options: { "--to-command": "shell", "--use-compress-program": "shell", "-I": "shell" } },
  split: { options: { "--filter": "shell" } },
  sort: { options: { "--compress-program": "program" } },
  npm: { options: { "--script-shell": "program" }, environment: { npm_config_script_shell: "program" } },
  screen: {
    startsShell: true,
    withValue: ["-c", "-e", "-h", "-p", "-S", "-s", "-T", "-t", "-X", "-L", "-l"],
  },
  // Languages and REPLs that reach the shell through calls or line escapes (language-calls.ts).
  rscript: language("r", ["-e"]),
  r: language("r", ["-e"]),
  julia: language("julia", ["-e", "--eval", "-E", "--print"]),
  erl: language("erlang", ["-eval"], { singleDashLong: true }),
  gnuplot: language("gnuplot", ["-e"]),
  jshell: language("java", []),
  ipython: language("ipython", ["-c"]),
  ipython3: language("ipython", ["-c"]),
  dc: language("bang", ["-e", "--expression"], { fileOptions: { "-f": "bang", "--file": "bang" } }),
  lftp: { options: { "-c": "bang" }, fileOptions: { "-f": "bang" } },
  entr: { options: { "-s": "shell" } },
  mysql: { options: { "--pager": "shell" } },
  mariadb: { options: { "--pager": "shell" } },
  npx: { options: { "-c": "shell", "--call": "shell", "--script-shell": "program" } },
  pnpm: { options: { "--script-shell": "program" } },
};
