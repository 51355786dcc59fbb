/** A text block shown in a UI's tool-call card. */
export interface TextBlock {
  readonly type: "text";
  readonly text: string;
}

/** How a tool call is shown; display only, never fed back to the model. */
export interface ToolCallPresentation {
  /** For `bash`, the exact command: an execute card hides rawInput, so the command must be the title. */
  readonly title: string;
  readonly kind: "execute" | "read" | "other";
  readonly rawInput: unknown;
  /** The model's description rides here, shown above the card. */
  readonly content: readonly TextBlock[];
  /** Present for a foreground `bash` run. `cwd` absent: the UI bridge fills in the session cwd. */
  readonly terminal?: { readonly cwd?: string };
}

/** How a finished tool call is shown. */
export interface ToolResultPresentation {
  /** The output as a fenced console block: the fallback for UIs without a terminal card. */
  readonly content: readonly TextBlock[];
  /** A foreground `bash` run that really exited: raw output plus the status parsed back. */
  readonly terminal?: {
    readonly output: string;
    readonly exitCode: number | null;
    readonly signal: string | null;
  };
}

/** The part of a tool result presentation needs: the model-facing text and whether it is an error. */
export interface PresentableResult {
  readonly text: string;
  readonly isError: boolean;
}
