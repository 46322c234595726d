// Writes the description diff's rule coverage table (oasdiff's rules against ours) into
// docs/diff-rules.md between its markers. Run: npm run docs:diff-rules
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withCoverageTable } from '../workers/generators/diff/description/coverage-table.ts';

const file = path.resolve(import.meta.dirname, '../docs/diff-rules.md');
const next = withCoverageTable(readFileSync(file, 'utf8'));
if (next === undefined) {
  console.error('docs/diff-rules.md has no diff-rules markers');
  process.exit(1);
}
writeFileSync(file, next);
console.log('docs/diff-rules.md: diff rule coverage table written');
