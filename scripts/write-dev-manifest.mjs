// npm run manifest:dev — writes the repository's manifest.xml, the development manifest (every URL on the dev
// server of npm start), from the one description of the add-in. test/manifest fails while the file differs.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import files from "./addin/manifest-files.cjs";

const target = join(files.REPO_ROOT, "manifest.xml");
writeFileSync(target, files.devManifestXml());
console.log(`wrote ${target}`);
