// `npm run form`'s entry. The Node version is checked and `.env` read before any other module
// loads, so the command is imported only after them.
import { prepareProcess } from '../src/server/process-prelude.js';

prepareProcess();
await import('./form-command.ts');
