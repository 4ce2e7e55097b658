import {
  createReadStream,
  existsSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { buildStampPath, hashBuildSources } from './scripts/build-sources.js';
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

/**
 * What the compiled server imports from node_modules at run time: the production dependencies, and
 * only they. Everything else it uses is bundled in, and so is a devDependency, pruned in production:
 * the build tools, the browser's libraries, and the packages of many small ES modules that the
 * server would otherwise resolve, read and link file by file at every start (kysely alone has
 * about 300, zod and libphonenumber-js hundreds more; about a fifth of the start-up time here).
 * fastify-type-provider-zod checks schemas with `instanceof` against zod's classes, so the two are
 * bundled together.
 */
const runtimeDependencies = Object.keys(
  (
    JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
);

export default defineConfig({
  plugins: [
    react(),
    wizardDevPage(),
    // Every script, stylesheet and image the browser gets also as .br and .gz, served as they are: no
    // compression per request. The page itself is a template the server fills in and compresses once
    // at start-up; the server's own files (dist/server/) are never served.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /^assets\/.+\.(js|css|svg)$/,
    }),
  ],
  publicDir: false,
  build: { assetsInlineLimit: 0, sourcemap: false },
  // `vite build` builds both: the browser's files in dist/, then the server in dist/server/ (main.js,
  // the first step's renderer prerender.js, the commands export.js, staff.js, form.js and backup.js). Only
  // dist/assets/ is served to browsers. The hash of the sources is written last, so only a whole
  // build carries it, and it is the hash of the sources as they were when the build began.
  builder: {
    async buildApp(builder) {
      const sources = hashBuildSources();
      rmSync(buildStampPath, { force: true });
      for (const environment of Object.values(builder.environments))
        await builder.build(environment);
      writeFileSync(buildStampPath, `${sources}\n`);
    },
  },
  environments: {
    client: {
      build: {
        outDir: 'dist',
        target: 'es2022',
        manifest: true,
        // Vite's preload helper adds a <link rel=modulepreload> for every chunk a dynamic import
        // needs; on a phone resuming on a form step those insertions were one long task (about
        // 55 ms at 4x throttling). The browser fetches the same chunks as it reads the imports.
        modulePreload: false,
      },
    },
    // The staff workspace is a build of its own, so the two pages never share a chunk: the
    // applicant's first page stays one script, whatever the workspace imports.
    review: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        manifest: '.vite/review-manifest.json',
        rollupOptions: { input: 'review.html' },
      },
    },
    // The applicant's page (/me): a small script of its own, built apart so it shares no chunk with
    // the wizard's first page. The server writes the page around it.
    me: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        manifest: '.vite/me-manifest.json',
        modulePreload: false,
        rollupOptions: {
          input: { me: 'src/web/me/main.ts' },
          output: { entryFileNames: 'assets/me-[hash].js' },
        },
      },
    },
    // The script organisations put on their own pages (`GET /embed.js`): one small classic script
    // at an address that never changes, which the server wraps with the origins allowed to frame
    // the form. Not in assets/, whose files are cached for ever.
    embed: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2020',
        copyPublicDir: false,
        rollupOptions: {
          input: { embed: 'src/embed/embed.ts' },
          output: { format: 'iife', entryFileNames: 'embed.js' },
        },
      },
    },
    ssr: {
      resolve: { noExternal: true, external: runtimeDependencies },
      build: {
        outDir: 'dist/server',
        target: 'node22',
        minify: false,
        rollupOptions: {
          input: {
            main: 'src/server/main.ts',
            prerender: 'src/web/prerender.tsx',
            export: 'scripts/export.ts',
            staff: 'scripts/staff.ts',
            form: 'scripts/form.ts',
            backup: 'scripts/backup.ts',
          },
          output: { chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
