// The compiled server's entry (`node dist/server/main.js`, what `npm start` runs). The Node
// version is checked and `.env` read before any other module loads, so the server is imported
// only after them.
import { prepareProcess } from './process-prelude.js';

prepareProcess();
await import('./serve.ts');
