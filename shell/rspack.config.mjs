import { rspack } from '@rspack/core';
import { appConfig } from '../tooling/rspack-app.mjs';

// The shell is built with no remotes: it discovers them at startup from /remotes.json.
const config = appConfig({ dir: import.meta.dirname, host: true });

// `pnpm dev` only: the design system's gallery (shared-ui/src/gallery) at /_gallery.html, its own
// entry and page. A production build has neither.
const GALLERY_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>Cadence design system — gallery</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export default process.env.NODE_ENV === 'development'
  ? {
      ...config,
      entry: { ...config.entry, gallery: '@cadence/shared-ui/gallery' },
      plugins: [
        ...config.plugins,
        new rspack.HtmlRspackPlugin({ filename: '_gallery.html', templateContent: GALLERY_PAGE, scriptLoading: 'module', chunks: ['gallery'] }),
      ],
    }
  : config;
