// A webpack plugin: once functions.json exists (copied from src/functions by webpack.config.js), adds the versioned
// copy of it, manifest.xml, manifest.json and app-package.zip for the build's deploy base.
const { sources, Compilation } = require("webpack");
const { ADDIN } = require("./description.cjs");
const { manifestFiles } = require("./manifest-files.cjs");

const NAME = "AddinManifestsPlugin";

class AddinManifestsPlugin {
  /** @param {{ baseUrl: string }} options the deploy base, ending in "/" */
  constructor(options) {
    this.baseUrl = options.baseUrl;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const metadata = compilation.getAsset(ADDIN.files.functionsMetadata);
        // The copy reports a missing file itself; without metadata there is nothing to describe.
        if (metadata === undefined) return;
        const files = manifestFiles(this.baseUrl, metadata.source.source().toString());
        for (const [name, content] of Object.entries(files))
          compilation.emitAsset(name, new sources.RawSource(content));
      });
    });
  }
}

module.exports = { AddinManifestsPlugin };
