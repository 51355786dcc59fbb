const CHUNK = 4096;

/**
 * Hands the text to tree-sitter in chunks: given the whole string, web-tree-sitter re-copies up to
 * 10 KB on every read, which makes big scripts several times slower to parse.
 */
export function chunked(text: string): (index: number) => string {
  return (index) => {
    if (index >= text.length) return "";
    let end = index + CHUNK;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end += 1;
    return text.slice(index, end);
  };
}
