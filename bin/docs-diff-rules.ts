// Writes the description diff's rule coverage table (oasdiff's rules against ours) into the README
// between its markers. Run: npm run docs:diff-rules
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withCoverageTable } from '../workers/generators/diff/coverage-table.ts';

const file = path.resolve(import.meta.dirname, '../README.md');
const next = withCoverageTable(readFileSync(file, 'utf8'));
if (next === undefined) {
  console.error('README.md has no diff-rules markers');
  process.exit(1);
}
writeFileSync(file, next);
console.log('README.md: diff rule coverage table written');
