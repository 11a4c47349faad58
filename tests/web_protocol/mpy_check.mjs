// Runs shared.protocol's check() inside MicroPython (the npm build the page runs), from the build's bytecode:
// reads [[message, sender], ...] as JSON on stdin and prints one line "WHY <reason>" per message.
import { readFileSync } from "node:fs";

const [micropythonModule, sharedDir] = process.argv.slice(2);
const { loadMicroPython } = await import(micropythonModule);
const out = [];
const mp = await loadMicroPython({ stdout: (line) => out.push(line), stderr: (line) => out.push(line) });
mp.FS.mkdirTree("/lib/shared");
for (const name of ["schema", "protocol"]) { // as the page has them
  mp.FS.writeFile(`/lib/shared/${name}.mpy`, readFileSync(`${sharedDir}/${name}.mpy`));
}
globalThis.input = readFileSync(0, "utf8");
mp.runPython(`
import json, sys
sys.path.append("/lib")
import js
from shared import protocol
for message, sender in json.loads(js.input):
    print("WHY " + protocol.check(message, sender))
`);
console.log(out.join("\n"));
