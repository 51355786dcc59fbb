import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { inner } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex } from "./skip-options.js";

// Profilers and debuggers that start the program named in their arguments.

/** perf subcommands that run a workload: `perf stat CMD`, `perf record -g CMD`, `perf trace CMD`. */
const PERF_RUNNERS = new Set(["stat", "record", "trace"]);

/** `perf stat [options] CMD ARGS`: the workload runs as an ordinary child process. */
export function unwrapPerf(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  if (!PERF_RUNNERS.has(args[0]?.value ?? "")) return [];
  const rest = args.slice(1);
  const index = commandIndex(rest, {
    withArgument: "eptrCoxGIMDcFmu",
    longWithArgument: [
      "--event",
      "--pid",
      "--tid",
      "--repeat",
      "--cpu",
      "--output",
      "--field-separator",
      "--cgroup",
      "--interval-print",
      "--metrics",
      "--delay",
      "--count",
      "--freq",
      "--mmap-pages",
      "--uid",
      "--call-graph",
    ],
    longNoCommand: ["--pid", "--tid"],
    noCommand: "pt",
  });
  return index === -1 ? [] : [inner(invocation, rest.slice(index), "perf")];
}

/** True when an `-ex`/`--eval-command` value starts the program (`run`, `r`, `start`, `starti`). */
function startsProgram(command: string | undefined): boolean {
  return /^\s*(r|run|start|starti)(\s|$)/.test(command ?? "");
}

/**
 * `gdb -batch -ex run --args CMD ARGS`: the words after `--args` are the program and its arguments,
 * and an `-ex run` makes gdb start it. Without a run command gdb only loads the program.
 */
export function unwrapGdb(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const argsIndex = args.findIndex((word) => word.value === "--args" || word.value === "-args");
  // What its -ex commands hand to a shell is read by the runner table (runners/runner-table.ts).
  if (argsIndex === -1 || argsIndex + 1 >= args.length) return [];
  const options = args.slice(0, argsIndex);
  const runs = options.some((word, index) => {
    const value = word.value;
    if (/^--?(ex|eval-command)$/.test(value)) return startsProgram(options[index + 1]?.value);
    const attached = /^--?(ex|eval-command)=(.*)$/s.exec(value);
    return attached !== null && startsProgram(attached[2]);
  });
  return runs ? [inner(invocation, args.slice(argsIndex + 1), "gdb")] : [];
}
