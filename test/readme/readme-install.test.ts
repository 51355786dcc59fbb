import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper shared with the scripts.
import { readmeBlocks } from "../../scripts/readme-blocks.mjs";

// Where a new user gets shellgate: no placeholder address anywhere, and the install lines name the
// tarball `npm pack` writes for this version (scripts/check-installed-package.mjs runs them).

interface Block {
  lang: string;
  section: string;
  code: string;
}

const readmePath = fileURLToPath(new URL("../../README.md", import.meta.url));
const readme = readFileSync(readmePath, "utf8");
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;

describe("README install section", () => {
  it("names no placeholder repository address", () => {
    expect(readme).not.toMatch(/github\.com\/OWNER|\bOWNER\/shellgate/);
    expect(JSON.stringify(manifest)).not.toMatch(/OWNER/);
    for (const field of ["repository", "homepage", "bugs"]) expect(manifest[field], field).toBeUndefined();
  });

  it("packs a checkout and installs the tarball npm pack names for this version", () => {
    const blocks = (readmeBlocks(readmePath) as Block[]).filter(
      (block) => block.section === "install" && block.lang === "sh",
    );
    const [install] = blocks;
    expect(install?.code).toContain("npm install && npm pack");
    expect(install?.code).toContain(
      `npm install /path/to/shellgate/shellgate-${String(manifest.version)}.tgz`,
    );
  });
});
