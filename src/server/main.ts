// The compiled server's entry (`node dist/server/main.js`, what `npm start` runs). The Node
// version is checked and `.env` read before any other module loads, so the server is imported
// only after them.
// The default import, not a named one: a Node without enableCompileCache must still reach the check.
import nodeModule from 'node:module';
import { prepareProcess } from './process-prelude.js';

prepareProcess();
// V8's compiled code of the server's modules is kept on disk and read back at the next start
// instead of compiled again (Node's compile cache: in the system's temporary folder unless
// NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Only modules
// imported after this call are cached.
nodeModule.enableCompileCache();
await import('./serve.ts');
