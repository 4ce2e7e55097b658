import { enableCompileCache } from 'node:module';

// V8's compiled code of the server's modules is kept on disk and read back at the next start
// instead of compiled again (Node's compile cache: in the system's temporary folder unless
// NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Only modules
// imported after this call are cached, so the server itself is imported here, not statically.
enableCompileCache();
await import('./start.ts');
