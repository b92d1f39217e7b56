/** `npm run schema`: write schemas/sweep.schema.json from the run's parameter declarations (after `npm run build`). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../reports/manifest.js';
import { SCHEMA_FILE, schemaText } from './config/sweepSchema.js';

writeFileSync(join(packageRoot(), SCHEMA_FILE), schemaText());
