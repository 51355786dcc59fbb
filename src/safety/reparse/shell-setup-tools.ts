/**
 * Programs whose documented job, for one subcommand, is to print shell code that sets up the user's
 * own shell: `eval "$(direnv hook bash)"`, `eval "$(ssh-agent -s)"`, `source <(kubectl completion bash)`.
 * Their output is the program's own code (as trustworthy as running the program), so the gate judges
 * the program and its arguments (the substitution itself) and not the unseen text.
 */
const SETUP_VERBS = new Set([
  "init",
  "activate",
  "env",
  "hook",
  "shellenv",
  "completion",
  "completions",
  "shell.bash",
  "shell.zsh",
  "alias",
  "--alias",
  "widget",
  "setup",
  "docker-env",
  "podman-env",
  "virtualenv-init",
  "--shellcode",
  "generate-shell-completion",
  "gen-completion",
  "path",
  "--bash",
  "--zsh",
  "--eval",
  "--daemon",
]);

/** Tools with such a subcommand; `true` marks those that print setup code with options only. */
const SETUP_TOOLS = new Map<string, boolean>([
  ["ssh-agent", true],
  ["gpg-agent", true],
  ["keychain", true],
  ["dircolors", true],
  ["lesspipe", true],
  ["lesspipe.sh", true],
  ["resize", true],
  ["direnv", false],
  ["minikube", false],
  ["docker-machine", false],
  ["pyenv", false],
  ["rbenv", false],
  ["nodenv", false],
  ["goenv", false],
  ["jenv", false],
  ["plenv", false],
  ["phpenv", false],
  ["tfenv", false],
  ["starship", false],
  ["zoxide", false],
  ["atuin", false],
  ["mcfly", false],
  ["oh-my-posh", false],
  ["mise", false],
  ["rtx", false],
  ["vfox", false],
  ["fnm", false],
  ["navi", false],
  ["thefuck", false],
  ["zellij", false],
  ["jump", false],
  ["pkgx", false],
  ["devbox", false],
  ["hub", false],
  ["gh", false],
  ["glab", false],
  ["kubectl", false],
  ["helm", false],
  ["npm", false],
  ["pnpm", false],
  ["pip", false],
  ["pip3", false],
  ["uv", false],
  ["rustup", false],
  ["poetry", false],
  ["pipenv", false],
  ["opam", false],
  ["luarocks", false],
  ["brew", false],
  ["conda", false],
  ["mamba", false],
  ["micromamba", false],
  ["fzf", false],
  ["op", false],
  ["register-python-argcomplete", true],
  ["pulumi", false],
  ["deno", false],
  ["bun", false],
  ["volta", false],
  ["asdf", false],
  ["nix", false],
]);

/** The words of a plain command line (no quotes, expansions or operators), or undefined. */
function plainWords(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!/^[\w@%+=:,./-]+(?:[ \t]+[\w@%+=:,./-]+)*$/.test(trimmed)) return undefined;
  return trimmed.split(/[ \t]+/);
}

/** Whether shell text is one call of a shell-setup subcommand (`direnv hook bash`, `ssh-agent -s`). */
export function isShellSetupCommand(text: string): boolean {
  const words = plainWords(text);
  if (!words || words.length === 0) return false;
  const tool = words[0]!.slice(words[0]!.lastIndexOf("/") + 1);
  const optionsOnly = SETUP_TOOLS.get(tool);
  if (optionsOnly === undefined) return false;
  const rest = words.slice(1);
  // An operand of ssh-agent or gpg-agent is a command for the agent to run: not setup code.
  if (optionsOnly)
    return rest.every((word) => word.startsWith("-") || /^\d+[smhdw]?$/.test(word) || !/agent$/.test(tool));
  return rest.some((word) => SETUP_VERBS.has(word));
}

/**
 * Whether a word as written is `"$(SETUP COMMAND)"`, `$(…)`, `<(…)` or `` `…` `` of such a command and nothing
 * else, so eval of it runs only that tool's setup code.
 */
export function isShellSetupOutput(source: string): boolean {
  const match = /^"?(?:[$<]\((.*)\)|`(.*)`)"?$/s.exec(source);
  if (!match) return false;
  return isShellSetupCommand(match[1] ?? match[2] ?? "");
}
