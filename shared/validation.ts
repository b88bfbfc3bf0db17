import { z } from 'zod';

// Every message zod produces is Indonesian unless a schema gives its own.
z.config(z.locales.id());

export { z };
