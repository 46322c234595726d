/**
 * A CHANGELOG.md with this version's entry on top of the earlier ones (`earlier`: the CHANGELOG the
 * artifact or the branch already has). One that already has a section for this version is kept.
 * `date` is the release's (a package rebuilt by a retried job must be byte-identical: pass the
 * action's creation time there).
 */
export function changelogFile(
  version: string,
  entry: string,
  earlier: string | undefined,
  date: Date = new Date(),
): string {
  if (earlier?.includes(`## ${version}`)) return earlier;
  const section = `## ${version} (${date.toISOString().slice(0, 10)})\n\n${entry.trim()}\n`;
  const rest = (earlier ?? '').replace(/^# Changelog\s*/, '');
  return `# Changelog\n\n${section}${rest ? `\n${rest}` : ''}`;
}
