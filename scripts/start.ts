// `npm start`: builds the web app if it is not built yet, then serves everything on one port.
import { buildIfNeeded } from './build-if-needed.ts';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
await import('../server/main.ts');
