import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini ships without messages to keep the browser light; the server, which explains a broken
// configuration to a person, loads the English ones.
z.config(en());
