// Types for `require("shellgate")`: the same module as `import`, loaded through require(esm).
export * from "../dist/src/index.js";
