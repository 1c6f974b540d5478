// Once before the api's test files: the embedded database's template (as `npm run build` writes it), which every
// file's fresh database is copied from (test/helpers/test-database.ts). Written here, in one process, because a
// template is never replaced while files may be copying it.
import { writeTemplate } from '../src/db/pglite-template.ts';

export default async function globalSetup(): Promise<void> {
  await writeTemplate();
}
