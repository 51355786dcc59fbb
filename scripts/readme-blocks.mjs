// The README's fenced code blocks, as data: language, the rest of the info string, the README
// section (`<!-- section:NAME -->`) and heading they sit under, and the 1-based line of the fence.
// Shared by the README tests, scripts/readme-snippets.mjs and the installed-package check.
import { readFileSync } from "node:fs";

export function readmeBlocks(readmePath) {
  const lines = readFileSync(readmePath, "utf8").split("\n");
  const blocks = [];
  let section = "";
  let heading = "";
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const opened = /^<!-- section:([\w-]+) -->$/.exec(line);
    if (opened) section = opened[1];
    if (/^<!-- \/section:[\w-]+ -->$/.test(line)) section = "";
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, "");
    const fence = /^```(\S*)(?: (.*))?$/.exec(line);
    if (!fence) continue;
    const start = index;
    const body = [];
    for (index += 1; index < lines.length && lines[index] !== "```"; index += 1) body.push(lines[index]);
    blocks.push({
      lang: fence[1],
      info: fence[2] ?? "",
      section,
      heading,
      line: start + 1,
      code: `${body.join("\n")}\n`,
    });
  }
  return blocks;
}
