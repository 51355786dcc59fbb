import { carriesCredential } from "../dist/src/execution/environment/credential-rules.js";
const time = (label, fn) => { for (let i = 0; i < 500; i++) fn(); const t = process.hrtime.bigint(); for (let i = 0; i < 5000; i++) fn(); console.log(label, (Number(process.hrtime.bigint() - t) / 5000 / 1e3).toFixed(1), "us"); };
time("entries(process.env)", () => Object.entries(process.env));
const e = Object.entries(process.env);
time("carries all", () => { for (const [n, v] of e) carriesCredential(n, v); });
time("spread", () => ({ ...process.env }));
