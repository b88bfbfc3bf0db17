import { z } from 'zod';
import id from 'zod/v4/locales/id.js';

// Every message zod produces is Indonesian unless a schema gives its own.
z.config(id());

export { z };
