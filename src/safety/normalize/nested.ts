import type { Invocation, Stdin } from "../extract/invocation.js";

/** Something a command runs in its turn: another command, or shell text to parse and judge. */
export type Nested =
  | { readonly kind: "invocation"; readonly invocation: Invocation; readonly via: string }
  | {
      readonly kind: "script";
      /** Undefined when the text is only known at run time. */
      readonly text: string | undefined;
      /** What hands the text to a shell, e.g. "bash -c", "eval", "a pipe into sh". */
      readonly origin: string;
      readonly stdin?: Stdin;
      /** Set when the text is a file this command wrote earlier (`echo … > x.sh; bash x.sh`). */
      readonly written?: string;
      /**
       * Set when the text runs on another machine, pod or container (ssh, kubectl exec): it is judged
       * in a scope of its own, whose working directory is the remote home unless `cwd` names one.
       */
      readonly remote?: { readonly cwd?: string };
    };
