// Writes a remote's mf-manifest.json: what the deploy script checks for and remotes.json points at,
// describing the build in Module Federation's manifest format (the parts that apply to a classic
// container): its remoteEntry, its shared modules, and each exposed page's own JS and CSS files.
const PLUGIN = 'CadenceManifestPlugin';

export class ManifestPlugin {
  /**
   * @param {object} options
   * @param {string} options.name          the container's name (its global)
   * @param {string} options.filename      the container's file (remoteEntry.js)
   * @param {Record<string, { name: string }>} options.exposes  './Page' → its named chunk
   * @param {Record<string, { singleton: boolean, requiredVersion: string, version: string }>} options.shared
   * @param {{ name: string, version: string }} options.build   the remote's package.json
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { name, filename, exposes, shared, build } = this.options;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const assetsOf = (chunkName) => {
          const files = compilation.namedChunkGroups.get(chunkName)?.getFiles() ?? [];
          return {
            js: { sync: files.filter((file) => file.endsWith('.js')), async: [] },
            css: { sync: files.filter((file) => file.endsWith('.css')), async: [] },
          };
        };
        const manifest = {
          id: name,
          name,
          metaData: {
            name,
            globalName: name,
            buildInfo: { buildVersion: build.version, buildName: build.name },
            publicPath: 'auto',
            remoteEntry: { name: filename, path: '', type: 'var' },
          },
          shared: Object.entries(shared).map(([key, { singleton, requiredVersion, version }]) => ({
            id: `${name}:${key}`,
            name: key,
            version,
            singleton,
            requiredVersion,
          })),
          remotes: [],
          exposes: Object.entries(exposes).map(([path, expose]) => ({
            id: `${name}:${path.slice(2)}`,
            name: path.slice(2),
            path,
            assets: assetsOf(expose.name),
          })),
        };
        compilation.emitAsset('mf-manifest.json', new compiler.rspack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}
