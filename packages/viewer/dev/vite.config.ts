/**
 * Dev harness server: `npx vite --config packages/viewer/dev/vite.config.ts`; models come from
 * MODEL_DIR (default /tmp/viewer-models/<name>/{model.glb,metadata.json}).
 */
import { createReadStream, existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const modelDir = process.env.MODEL_DIR ?? '/tmp/viewer-models';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    {
      name: 'truss-models',
      configureServer(server) {
        server.middlewares.use('/models', (req, res, next) => {
          const file = join(
            modelDir,
            normalize(decodeURIComponent(req.url ?? '')).replace(/^(\.\.[/\\])+/, ''),
          );
          if (!existsSync(file)) return next();
          res.setHeader(
            'Content-Type',
            file.endsWith('.json') ? 'application/json' : 'model/gltf-binary',
          );
          createReadStream(file).pipe(res);
        });
      },
    },
  ],
});
