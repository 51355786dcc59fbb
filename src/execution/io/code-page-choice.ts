import { createRequire } from "node:module";

/** A Windows host's two legacy code pages: ANSI (GetACP; GUI and most non-console programs) and OEM (GetOEMCP; cmd, console programs). */
export interface CodePages {
  readonly ansi: number | null;
  readonly oem: number | null;
}

/** Output decoded line by line: UTF-8 where a line is UTF-8, the chosen code page elsewhere. */
export interface CodePageText {
  readonly text: string;
  /** The code page the non-UTF-8 lines were read in. */
  readonly codePage: number;
  /** True when the other page read the bytes about as well: the choice is a guess. */
  readonly guessed: boolean;
  /** The other page, when there was one to choose from. */
  readonly alternative?: number;
}

type CodePageDecoder = Pick<typeof import("iconv-lite"), "encodingExists" | "decode">;
let decoder: CodePageDecoder | undefined;

/** iconv-lite, required on first use: only Windows output in a legacy code page needs its tables. */
function codePageDecoder(): CodePageDecoder {
  decoder ??= createRequire(import.meta.url)("iconv-lite") as CodePageDecoder;
  return decoder;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function utf8Line(line: Buffer): string | null {
  try {
    return strictUtf8.decode(line);
  } catch {
    return null;
  }
}

const LETTER = /\p{L}/u;
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Arabic}/u,
];

function scriptOf(character: string): number {
  const index = SCRIPTS.findIndex((script) => script.test(character));
  return index === -1 ? SCRIPTS.length : index;
}

/**
 * How well decoded text reads: each non-ASCII character counts +1 when it is a letter of the same
 * script as every letter of its word ("café"), −1 otherwise: a letter of another script inside a word
 * ("cafΘ", what cp437 makes of cp1252's é), a capital after a small letter, box drawing, symbols,
 * controls. Pure.
 */
export function readability(text: string): number {
  let score = 0;
  for (const word of text.split(/[\s\p{P}\d]+/u)) {
    const letters = [...word].filter((character) => LETTER.test(character));
    const scripts = new Set(letters.map(scriptOf));
    let previous = "";
    for (const character of word) {
      if (character.charCodeAt(0) >= 0x80) {
        // A capital right after a small letter ("яЁштхЄ", cp866's reading of cp1251) is rare in words.
        const midWordCapital = /\p{Ll}/u.test(previous) && /\p{Lu}/u.test(character);
        score += LETTER.test(character) && scripts.size === 1 && !midWordCapital ? 1 : -1;
      }
      previous = character;
    }
  }
  return score;
}

/**
 * Decodes output that is not all UTF-8 with the host's ANSI or OEM page, whichever reads better
 * (`readability`), line by line so that a stream mixing UTF-8 (git, MSYS tools) and a code page
 * keeps its UTF-8 lines. Null when no page is known or iconv-lite has neither. Ties go to the OEM
 * page (console programs, cmd's own output) and are reported as guesses.
 */
export function decodeCodePageLines(bytes: Uint8Array, pages: CodePages): CodePageText | null {
  const iconv = codePageDecoder();
  const candidates = [pages.oem, pages.ansi].filter(
    (page, index, all): page is number =>
      page !== null && page !== 65001 && all.indexOf(page) === index && iconv.encodingExists(`cp${page}`),
  );
  if (candidates.length === 0) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = 0; index < buffer.length; index += 1) {
    if (buffer[index] === 0x0a) {
      lines.push(buffer.subarray(start, index + 1));
      start = index + 1;
    }
  }
  if (start < buffer.length) lines.push(buffer.subarray(start));
  const utf8 = lines.map(utf8Line);
  const legacy = Buffer.concat(lines.filter((_, index) => utf8[index] === null));
  const scored = candidates.map((page) => ({ page, score: readability(iconv.decode(legacy, `cp${page}`)) }));
  const best = scored.reduce((winner, next) => (next.score > winner.score ? next : winner));
  const other = scored.find((candidate) => candidate.page !== best.page);
  const text = lines.map((line, index) => utf8[index] ?? iconv.decode(line, `cp${best.page}`)).join("");
  return {
    text,
    codePage: best.page,
    guessed: other !== undefined && other.score >= best.score - 1,
    ...(other ? { alternative: other.page } : {}),
  };
}
