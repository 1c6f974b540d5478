// The build's step that writes the embedded database's template (see pglite-template.ts); bundled beside the server.
import { writeTemplate } from './pglite-template.ts';

const file = await writeTemplate();
process.stdout.write(`[build] database template ${file}\n`);
