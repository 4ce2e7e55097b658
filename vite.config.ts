import { createReadStream, existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { renderIndexHtml } from './src/server/html.ts';
import { loadWizardConfig } from './src/server/wizard-config.ts';

const imageTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** `npm run dev`: the same page the server renders, with the configuration and its images. */
function wizardDevPage(): Plugin {
  const loaded = () =>
    loadWizardConfig(process.env.WIZARD_CONFIG ?? 'config/example.wizard.json');
  return {
    name: 'wizard-dev-page',
    apply: 'serve',
    transformIndexHtml: (html) => renderIndexHtml(html, loaded().config),
    configureServer(server) {
      server.middlewares.use('/images', (request, response, next) => {
        const file = join(
          loaded().directory,
          'images',
          resolve('/', request.url ?? '/').slice(1),
        );
        if (!existsSync(file)) return next();
        response.setHeader(
          'Content-Type',
          imageTypes[extname(file)] ?? 'application/octet-stream',
        );
        createReadStream(file).pipe(response);
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    wizardDevPage(),
    // Every script and stylesheet also as .br and .gz, served as they are: no compression per request.
    // The page itself is a template the server fills in and compresses once at start-up.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      exclude: [/\.html$/, /manifest\.json$/],
    }),
  ],
  publicDir: false,
  build: {
    outDir: 'dist',
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
