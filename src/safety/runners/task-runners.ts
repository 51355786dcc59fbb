import { UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";
import { ownEntry } from "../own-entry.js";
import { shownPath } from "../reparse/written-files.js";
import { buildFileCommands } from "./build-files.js";
import { compiledEffects, sourceLanguage } from "./compiled-source.js";
import { type ProjectFormat, projectFileCommands } from "./project-file-readers.js";

/**
 * Programs that run what a project file says (issue 24, principles 1 and 2): task runners read
 * their recipe file (rake's Rakefile, just's justfile, task's Taskfile, tox.ini, a Procfile, …),
 * build tools run build scripts (cargo's build.rs, CMakeLists.txt at configure time, SConstruct),
 * test runners import their configuration and test files, and `go run`, `tcc -run`, `cargo run`,
 * `java X.java` compile and run sources. Only files this command wrote earlier are read: a file
 * already in the repository is the repository's own. A written file whose content is computed is
 * reported as such (write-then-run); one with known content is judged by what it runs.
 */
interface ProjectRunner {
  readonly format: ProjectFormat;
  /** File names read by default in the working directory (or the `directoryOptions` one). */
  readonly files: readonly string[];
  /** Written files below the directory matching this also load (`rakelib/*.rake`, test files). */
  readonly also?: RegExp;
  readonly fileOptions?: readonly string[];
  readonly directoryOptions?: readonly string[];
  /** Options after which nothing of the file runs. */
  readonly inert?: RegExp;
  /** First operands that make the program read its files; undefined: any invocation does. */
  readonly subcommands?: RegExp;
}

const HELP = /^(-h|--help|-V|--version|help|version)$/;

const RUNNERS: Readonly<Record<string, ProjectRunner>> = {
  rake: {
    format: "ruby",
    files: ["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"],
    also: /\/rakelib\/[^/]+\.rake$/,
    fileOptions: ["-f", "--rakefile"],
    directoryOptions: ["-C", "--directory"],
    inert: HELP,
  },
  just: {
    format: "just",
    files: ["justfile", "Justfile", "JUSTFILE", ".justfile"],
    fileOptions: ["-f", "--justfile"],
    directoryOptions: ["-d", "--working-directory"],
    inert:
      /^(-h|--help|-V|--version|-l|--list|--summary|-s|--show|--dump|--fmt|--init|--changelog|--completions|--groups|--variables)$/,
  },
  task: {
    format: "yaml-commands",
    files: [
      "Taskfile.yml",
      "taskfile.yml",
      "Taskfile.yaml",
      "taskfile.yaml",
      "Taskfile.dist.yml",
      "Taskfile.dist.yaml",
    ],
    fileOptions: ["-t", "--taskfile"],
    directoryOptions: ["-d", "--dir"],
    inert: /^(-h|--help|--version|-i|--init|-l|--list|-a|--list-all)$/,
  },
  cmake: {
    format: "cmake",
    files: ["CMakeLists.txt"],
    directoryOptions: ["-S"],
    inert: /^(-h|--help|--version|--build|--install|-E|-P|--open)$/,
  },
  scons: {
    format: "python",
    files: ["SConstruct", "Sconstruct", "sconstruct", "SConstruct.py"],
    also: /\/SConscript$/,
    fileOptions: ["-f", "--file", "--sconstruct"],
    directoryOptions: ["-C"],
    inert: HELP,
  },
  invoke: { format: "python", files: ["tasks.py"], fileOptions: ["-c", "--collection"], inert: HELP },
  inv: { format: "python", files: ["tasks.py"], fileOptions: ["-c", "--collection"], inert: HELP },
  fab: { format: "python", files: ["fabfile.py"], fileOptions: ["-f"], inert: HELP },
  nox: { format: "python", files: ["noxfile.py"], fileOptions: ["-f", "--noxfile"], inert: HELP },
  doit: { format: "python", files: ["dodo.py"], fileOptions: ["-f"], inert: HELP },
  pytest: {
    format: "python",
    files: ["conftest.py"],
    also: /(?:^|\/)(conftest|test_[^/]*|[^/]*_test)\.py$/,
    inert: HELP,
  },
  "py.test": {
    format: "python",
    files: ["conftest.py"],
    also: /(?:^|\/)(conftest|test_[^/]*|[^/]*_test)\.py$/,
    inert: HELP,
  },
  tox: { format: "tox", files: ["tox.ini"], fileOptions: ["-c"], inert: HELP },
  gulp: {
    format: "node",
    files: ["gulpfile.js", "gulpfile.mjs", "gulpfile.cjs", "Gulpfile.js"],
    fileOptions: ["-f", "--gulpfile"],
    inert: HELP,
  },
  grunt: {
    format: "node",
    files: ["Gruntfile.js", "gruntfile.js"],
    fileOptions: ["--gruntfile"],
    inert: HELP,
  },
  jake: {
    format: "node",
    files: ["Jakefile", "Jakefile.js", "jakefile.js"],
    fileOptions: ["-f", "--jakefile"],
    inert: HELP,
  },
  webpack: {
    format: "node",
    files: ["webpack.config.js", "webpack.config.mjs", "webpack.config.cjs"],
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  vite: {
    format: "node",
    files: ["vite.config.js", "vite.config.mjs", "vite.config.ts"],
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  eslint: {
    format: "node",
    files: ["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", ".eslintrc.js", ".eslintrc.cjs"],
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  jest: {
    format: "node",
    files: ["jest.config.js", "jest.config.mjs", "jest.config.ts"],
    also: /\.(test|spec)\.[cm]?[jt]sx?$/,
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  vitest: {
    format: "node",
    files: ["vitest.config.js", "vitest.config.mjs", "vitest.config.ts", "vite.config.js", "vite.config.ts"],
    also: /\.(test|spec)\.[cm]?[jt]sx?$/,
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  mocha: {
    format: "node",
    files: [".mocharc.js", ".mocharc.cjs"],
    also: /(?:^|\/)test\/[^/]+\.[cm]?js$|\.(test|spec)\.[cm]?js$/,
    inert: HELP,
  },
  foreman: { format: "procfile", files: ["Procfile"], fileOptions: ["-f", "--procfile"], inert: HELP },
  honcho: { format: "procfile", files: ["Procfile"], fileOptions: ["-f", "--procfile"], inert: HELP },
  overmind: { format: "procfile", files: ["Procfile"], fileOptions: ["-f", "--procfile"], inert: HELP },
  "pre-commit": {
    format: "yaml-commands",
    files: [".pre-commit-config.yaml"],
    fileOptions: ["-c", "--config"],
    inert: HELP,
  },
  lefthook: {
    format: "yaml-commands",
    files: ["lefthook.yml", "lefthook.yaml", ".lefthook.yml"],
    inert: HELP,
  },
};

function optionValue(args: readonly string[], names: readonly string[] | undefined): string | undefined {
  for (const [index, value] of args.entries()) {
    for (const name of names ?? []) {
      if (value === name) return args[index + 1];
      if (name.startsWith("--") && value.startsWith(`${name}=`)) return value.slice(name.length + 1);
      if (!name.startsWith("--") && value.startsWith(name) && value.length > name.length)
        return value.slice(name.length);
    }
  }
  return undefined;
}

function fileNested(
  format: ProjectFormat | "compiled",
  path: string,
  text: string,
  origin: string,
  invocation: Invocation,
): Nested[] {
  if (text === UNKNOWN) return [{ kind: "script", text: undefined, origin, written: shownPath(path) }];
  if (format === "compiled") {
    const language = sourceLanguage(path);
    if (language === undefined) return [];
    const effects = text.includes(UNKNOWN) ? UNKNOWN : compiledEffects(text, language);
    if (effects === UNKNOWN) return [{ kind: "script", text: undefined, origin, written: shownPath(path) }];
    return effects === "" ? [] : [{ kind: "script", text: effects, origin, written: shownPath(path) }];
  }
  return projectFileCommands(format, text, origin, invocation).map((item) =>
    item.kind === "script" && item.text === undefined ? { ...item, written: shownPath(path) } : item,
  );
}

/** Written files below `directory` whose path matches `pattern`. */
function writtenBelow(directory: string, pattern: RegExp, scope: Scope): [string, string][] {
  const base = virtualPath(directory, scope);
  if (base === undefined) return [];
  const prefix = base.endsWith("/") ? base : `${base}/`;
  return [...scope.files.entries()].filter(([path]) => path.startsWith(prefix) && pattern.test(path));
}

function projectRunner(
  name: string,
  spec: ProjectRunner,
  args: readonly string[],
  invocation: Invocation,
  scope: Scope,
): Nested[] {
  if (spec.inert && args.some((arg) => spec.inert!.test(arg))) return [];
  const directory = optionValue(args, spec.directoryOptions)?.replace(/\/+$/, "") ?? ".";
  const named = optionValue(args, spec.fileOptions);
  const candidates = named !== undefined ? [named] : spec.files.map((file) => `${directory}/${file}`);
  const found: Nested[] = [];
  const seen = new Set<string>();
  const add = (path: string, text: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    found.push(...fileNested(spec.format, path, text, `${name} reading ${shownPath(path)}`, invocation));
  };
  for (const candidate of candidates) {
    const path = virtualPath(candidate, scope);
    const text = path === undefined ? undefined : scope.files.get(path);
    if (path !== undefined && text !== undefined) add(path, text);
  }
  if (spec.also) for (const [path, text] of writtenBelow(directory, spec.also, scope)) add(path, text);
  return found;
}

/** `go run|test|generate`, `tcc -run`, `cargo build|run|test…`, `java X.java`: sources built and run now. */
function buildRunner(name: string, args: readonly string[], invocation: Invocation, scope: Scope): Nested[] {
  const compiled = (path: string, text: string, what: string) =>
    fileNested("compiled", path, text, `${what} ${shownPath(path)}`, invocation);
  const files = (directory: string, pattern: RegExp) => writtenBelow(directory, pattern, scope);
  const one = (operand: string) => {
    const path = virtualPath(operand, scope);
    const text = path === undefined ? undefined : scope.files.get(path);
    return path === undefined || text === undefined ? [] : [[path, text] as [string, string]];
  };
  if (name === "tcc" && args.includes("-run")) {
    const source = args[args.indexOf("-run") + 1];
    if (source === "-" || source === undefined)
      return invocation.stdin ? compiled("stdin.c", invocation.stdin.read() ?? UNKNOWN, "tcc -run") : [];
    return one(source).flatMap(([path, text]) => compiled(path, text, "tcc -run compiles and runs"));
  }
  if (name === "go" && /^(run|test|generate)$/.test(args[0] ?? "")) {
    const operands = args.slice(1).filter((arg) => !arg.startsWith("-"));
    const targets =
      args[0] === "run" ? operands.filter((arg) => arg.endsWith(".go") || arg.startsWith(".")) : operands;
    const sources = (targets.length === 0 ? ["."] : targets).flatMap((target) =>
      target.endsWith(".go") ? one(target) : files(target.replace(/\/\.\.\.$/, ""), /\.go$/),
    );
    if (args[0] === "generate")
      return sources.flatMap(([path, text]) =>
        text === UNKNOWN
          ? fileNested("compiled", path, text, "go generate", invocation)
          : [...text.matchAll(/^\/\/go:generate\s+(.+)$/gm)].map(
              (match): Nested => ({
                kind: "script",
                text: match[1]!,
                origin: `go generate in ${shownPath(path)}`,
              }),
            ),
      );
    return sources.flatMap(([path, text]) => compiled(path, text, `go ${args[0]} builds and runs`));
  }
  if (name === "cargo") {
    const sub = args.find((arg) => !arg.startsWith("-") && !arg.startsWith("+"));
    if (!/^(build|b|run|r|test|t|bench|check|c|clippy|doc|d|install|fix)$/.test(sub ?? "")) return [];
    const manifest = optionValue(args, ["--manifest-path"]);
    const root = manifest === undefined ? "." : manifest.replace(/\/?[^/]*$/, "") || ".";
    const runs = /^(run|r|test|t|bench)$/.test(sub!);
    const scripts = files(root, runs ? /\.rs$/ : /(?:^|\/)build\.rs$/);
    return scripts.flatMap(([path, text]) => compiled(path, text, `cargo ${sub} builds and runs`));
  }
  if (name === "java") {
    const operand = args.find(
      (arg, index) =>
        !arg.startsWith("-") &&
        !/^(-cp|-classpath|--class-path|-jar|-p|--module-path)$/.test(args[index - 1] ?? ""),
    );
    if (operand === undefined) return [];
    const file = operand.endsWith(".java") ? operand : `${operand.replaceAll(".", "/")}.class`;
    // A class file javac made from a written source holds what the program does already.
    return one(file).flatMap(([path, text]): Nested[] => {
      if (!path.endsWith(".class")) return compiled(path, text, "java runs");
      return text === UNKNOWN
        ? [{ kind: "script", text: undefined, origin: "java runs", written: shownPath(path) }]
        : [{ kind: "script", text, origin: `java runs ${shownPath(path)}`, written: shownPath(path) }];
    });
  }
  return [];
}

/** The commands `name` runs from project files and sources this command wrote; [] for other programs. */
export function taskRunnerCommands(name: string, invocation: Invocation, scope: Scope): Nested[] {
  const args = invocation.words.slice(1).map((word) => word.value);
  // Own keys only: a program named `__proto__` or `constructor` is no runner.
  const spec = ownEntry(RUNNERS, name);
  const found = spec ? projectRunner(name, spec, args, invocation, scope) : [];
  return [
    ...found,
    ...buildRunner(name, args, invocation, scope),
    ...buildFileCommands(name, invocation, scope),
  ];
}
