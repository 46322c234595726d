import { defineStep } from '../step.ts';

/**
 * Parse, validate and model the description. Diagnostics (rule id, severity, message, JSON
 * pointer, line:column) become the `validation_report` artifact; a derived starter config
 * becomes `starter_config`. Errors in the description fail this step, not the run.
 */
export const validateStep = defineStep({
  name: 'validate',
  async run(context) {
    const analysis = await context.analysis();
    // Counts are of causes (a grouped diagnostic counts once), before the report's cap.
    const counts = { ...analysis.counts };
    const [errors, warnings, infos, places] = [
      counts.errors ?? 0,
      counts.warnings ?? 0,
      counts.infos ?? 0,
      counts.places ?? 0,
    ];
    const review = counts.review ?? warnings;
    const report = {
      summary: { errors, warnings, infos, review, style: warnings - review, places },
      counts,
      diagnostics: analysis.diagnostics,
    };
    return {
      status: errors > 0 ? 'failed' : 'passed',
      summary: `${errors} errors, ${warnings} warnings (${review} to review, ${warnings - review} style), ${infos} notes`,
      counts,
      artifacts: [
        { kind: 'validation_report', name: 'validation-report', json: report },
        ...(analysis.starterConfigYaml
          ? [
              {
                kind: 'starter_config' as const,
                name: 'report-config.yaml',
                text: analysis.starterConfigYaml,
                mediaType: 'application/yaml',
              },
            ]
          : []),
      ],
    };
  },
});
