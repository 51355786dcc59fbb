import type { WindowsCommand } from "./cmd-line.js";

/** Collects the words of cmd or PowerShell text into commands, as the two tokenizers read it. */
export class CommandCollector {
  readonly commands: WindowsCommand[] = [];
  private words: string[] = [];
  private word = "";
  /** True once the current word has begun (an empty `""` is a word too). */
  inWord = false;

  /** `clean` tidies a finished command's words (cmd's `@`, PowerShell's call operators). */
  constructor(private readonly clean: (words: string[]) => void) {}

  add(text: string | undefined): void {
    this.word += text ?? "";
    this.inWord = true;
  }

  mark(): void {
    this.inWord = true;
  }

  endWord(): void {
    if (this.inWord) this.words.push(this.word);
    this.word = "";
    this.inWord = false;
  }

  /** True while no word of the current command has begun. */
  get atCommandStart(): boolean {
    return this.words.length === 0 && !this.inWord;
  }

  endCommand(details: Omit<WindowsCommand, "words"> = {}): void {
    this.endWord();
    this.clean(this.words);
    if (this.words.length > 0) this.commands.push({ words: this.words, ...details });
    this.words = [];
  }
}
