// The README's code blocks, checked as a user would use them (`.ci/run` runs this after the build):
// every `ts` block is type-checked against the built package (`import … from "shellgate"` resolves
// to the declarations a user gets, by the package's own name), and every `sh` block runs on this
// machine with `npx shellgate` pointed at this checkout's bin. A `ts` block without imports
// continues the block before it. Blocks not run here say so in their info string, and why:
//   `sh mcp-client=…` and `sh run=installed-package` run in scripts/check-installed-package.mjs;
// `npm install`, `npm run build`, `npm test` and `npm pack` are .ci/run's own steps, so those words
// are left out.
// Run: npm run build && node scripts/readme-snippets.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readmeBlocks } from "./readme-blocks.mjs";

const repository = fileURLToPath(new URL("..", import.meta.url));
const readme = path.join(repository, "README.md");
const RUN_ELSEWHERE = [/^mcp-client=/, /^run=installed-package$/];
const failures = [];
const report = (ok, name, detail) => {
  if (!ok) failures.push(name);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
};
const output = (error) =>
  `${error.stdout ?? ""}${error.stderr ?? ""}`.trim().split("\n").slice(-12).join("\n     ") || error.message;

const blocks = readmeBlocks(readme);

// --- TypeScript: one file per block, type-checked together with the repository's compiler options.
const scratch = mkdtempSync(path.join(repository, ".readme-snippets-"));
try {
  const files = [];
  let previous = "";
  for (const block of blocks.filter((candidate) => candidate.lang === "ts")) {
    const standalone = /^import /m.test(block.code);
    const code = standalone ? block.code : `${previous}${block.code}`;
    previous = code;
    const file = path.join(scratch, `readme-line-${block.line}.ts`);
    writeFileSync(file, `${code}export {};\n`);
    files.push(file);
  }
  const { compilerOptions } = JSON.parse(readFileSync(path.join(repository, "tsconfig.json"), "utf8"));
  writeFileSync(
    path.join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        noEmit: true,
        declaration: false,
        sourceMap: false,
        rootDir: scratch,
      },
      files,
    }),
  );
  const tsc = path.join(repository, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", scratch], { cwd: scratch, encoding: "utf8", stdio: "pipe" });
    report(
      true,
      `README TypeScript blocks type-check (${files.length}, lines ${files.map((file) => /(\d+)\.ts$/.exec(file)[1]).join(", ")})`,
    );
  } catch (error) {
    report(
      false,
      "README TypeScript blocks type-check",
      output(error).replaceAll(`${scratch}${path.sep}`, ""),
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// --- Shell: each block in a scratch directory with a private HOME and TMPDIR, stopping at the first failure.
const bin = path.join(repository, "bin", "shellgate.js");
for (const block of blocks.filter((candidate) => candidate.lang === "sh")) {
  const name = `README sh block at line ${block.line}`;
  if (RUN_ELSEWHERE.some((pattern) => pattern.test(block.info))) {
    console.log(`skip ${name} (${block.info}: scripts/check-installed-package.mjs runs it)`);
    continue;
  }
  if (block.info !== "") {
    report(false, name, `unknown info string '${block.info}'`);
    continue;
  }
  const script = block.code
    .split("\n")
    .map((line) =>
      line
        .replace(/^npm (install|ci)( && |$)/, "")
        .replace(/^npm run build( && |$)/, "")
        .replace(/^npm (test|pack)$/, ""),
    )
    .join("\n")
    .replaceAll("npx shellgate", `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}`);
  const home = mkdtempSync(path.join(repository, ".readme-sh-"));
  try {
    const printed = execFileSync("bash", ["-euo", "pipefail", "-c", script], {
      cwd: home,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HOME: home, TMPDIR: home },
      timeout: 60_000,
    });
    report(true, name, `${printed.trim().split("\n").length} lines printed`);
  } catch (error) {
    report(false, name, output(error));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

console.log(
  failures.length === 0 ? "README snippets: all checks passed" : `README snippets: ${failures.length} failed`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
