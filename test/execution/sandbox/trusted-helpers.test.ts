import { describe, expect, it } from "vitest";
import {
  chooseHelper,
  guardedLookupPaths,
  LINUX_HELPERS,
  type ProgramCandidate,
  untrustedLookupReason,
  untrustedReason,
} from "../../../src/execution/sandbox/trusted-helpers.js";

const context = { writableRoots: ["/work/project", "/tmp/shellgate-x"], uid: 1000 };
const bwrap = LINUX_HELPERS[0]!;

/** A program and the directories above it, owned by root, or by the user (1000) under a writable root. */
function candidate(file: string, overrides: Partial<ProgramCandidate> = {}): ProgramCandidate {
  const owner = (target: string) =>
    context.writableRoots.some((root) => target.startsWith(root)) ? 1000 : 0;
  const directories = [];
  for (let directory = file.slice(0, file.lastIndexOf("/")) || "/"; ; ) {
    directories.push({ path: directory, owner: owner(directory), mode: 0o755 });
    if (directory === "/") break;
    directory = directory.slice(0, directory.lastIndexOf("/")) || "/";
  }
  return {
    path: file,
    realPath: file,
    chain: [{ path: file, owner: 0, mode: 0o755 }, ...directories],
    ...overrides,
  };
}

describe("untrustedReason", () => {
  it("accepts a system copy owned by root, and one owned by the user", () => {
    expect(untrustedReason(candidate("/usr/bin/bwrap"), context)).toBeUndefined();
    const own = candidate("/home/u/bin/bwrap");
    expect(
      untrustedReason({ ...own, chain: own.chain.map((entry) => ({ ...entry, owner: 1000 })) }, context),
    ).toBeUndefined();
  });

  it("refuses a copy inside a writable root, by its real path", () => {
    expect(untrustedReason(candidate("/work/project/node_modules/.bin/bwrap"), context)).toContain(
      "lies inside /work/project, which a sandboxed command can write",
    );
    const linked = candidate("/work/project/bin/bwrap", { path: "/usr/local/bin/bwrap" });
    expect(untrustedReason(linked, context)).toContain("(really /work/project/bin/bwrap)");
  });

  it("accepts root's copy under a writable root that a non-root sandbox cannot replace (cwd /), never as root", () => {
    const atRoot = { ...context, writableRoots: ["/"] };
    expect(untrustedReason(candidate("/usr/bin/bwrap"), atRoot)).toBeUndefined();
    expect(untrustedReason(candidate("/usr/bin/bwrap"), { ...atRoot, uid: 0 })).toContain("lies inside /");
  });

  it("accepts a link inside a writable root that leads to a system copy (the real path is what runs)", () => {
    expect(
      untrustedReason(
        candidate("/usr/bin/bwrap", { path: "/work/project/node_modules/.bin/bwrap" }),
        context,
      ),
    ).toBeUndefined();
  });

  it("refuses a copy another user owns or everyone may write, and accepts a sticky directory on the way", () => {
    const other = candidate("/opt/x/bwrap");
    expect(
      untrustedReason(
        { ...other, chain: [{ ...other.chain[0]!, owner: 1001 }, ...other.chain.slice(1)] },
        context,
      ),
    ).toContain("belongs to uid 1001");
    const open = candidate("/opt/x/bwrap");
    expect(
      untrustedReason(
        {
          ...open,
          chain: [open.chain[0]!, { path: "/opt/x", owner: 0, mode: 0o777 }, ...open.chain.slice(2)],
        },
        context,
      ),
    ).toContain("/opt/x is writable by every user");
    const sticky = candidate("/opt/x/bwrap");
    expect(
      untrustedReason(
        {
          ...sticky,
          chain: [sticky.chain[0]!, { path: "/opt/x", owner: 0, mode: 0o1777 }, ...sticky.chain.slice(2)],
        },
        context,
      ),
    ).toBeUndefined();
  });
});

describe("chooseHelper", () => {
  it("skips a planted copy for the system's one, by its real path", () => {
    const planted = candidate("/work/project/node_modules/.bin/bwrap");
    expect(chooseHelper(bwrap, [planted, candidate("/usr/bin/bwrap")], context)).toEqual({
      ok: true,
      path: "/usr/bin/bwrap",
    });
  });

  it("says, in one sentence, why there is none when only a planted copy exists", () => {
    const choice = chooseHelper(bwrap, [candidate("/work/project/node_modules/.bin/bwrap")], context);
    expect(choice.ok).toBe(false);
    if (!choice.ok) {
      expect(choice.reason).toContain("bubblewrap (bwrap) was found only where the host must not run it");
      expect(choice.reason).toContain("/work/project/node_modules/.bin/bwrap lies inside /work/project");
      expect(choice.reason.split(". ")).toHaveLength(1);
    }
  });

  it("words a missing helper as the library does, so the fix names the package", () => {
    expect(chooseHelper(bwrap, [], context)).toEqual({
      ok: false,
      reason: "bubblewrap (bwrap) not installed",
    });
  });
});

describe("programs the library runs by name", () => {
  it("the first `which` on PATH must be safe to run", () => {
    expect(untrustedLookupReason("which", candidate("/usr/bin/which"), context)).toBeUndefined();
    expect(untrustedLookupReason("which", undefined, context)).toBeUndefined();
    expect(
      untrustedLookupReason("which", candidate("/work/project/node_modules/.bin/which"), context),
    ).toContain("the first `which` on PATH, which the sandbox library runs on the host, is not safe to run");
  });

  it("guards `which` and `npm` in the PATH directories inside a writable root", () => {
    expect(guardedLookupPaths(["/work/project/node_modules/.bin", "/usr/bin"], context)).toEqual([
      "/work/project/node_modules/.bin/which",
      "/work/project/node_modules/.bin/npm",
    ]);
  });
});
