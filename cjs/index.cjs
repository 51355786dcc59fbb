// `require("shellgate")`: shellgate is an ES module. Node versions with require(esm) (20.19+, 22.12+)
// load it here; on older ones this says what to do instead of Node's generic ERR_REQUIRE_ESM.
"use strict";
try {
  module.exports = require("../dist/bundle/index.js");
} catch (error) {
  if (error && error.code === "ERR_REQUIRE_ESM") {
    throw new Error(
      `shellgate is an ES module and this Node.js (${process.version}) cannot require() one: ` +
        'use `const shellgate = await import("shellgate")`, or run Node.js 20.19+ or 22.12+, where require() of it works.',
    );
  }
  throw error;
}
