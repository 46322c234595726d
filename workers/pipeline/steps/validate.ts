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
    const count = (severity: string) => analysis.diagnostics.filter((d) => d.severity === severity).length;
    const errors = count('error');
    const warnings = count('warning');
    const infos = count('info');
    const counts = { errors, warnings, infos, ...analysis.counts };
    const report = { summary: { errors, warnings, infos }, counts, diagnostics: analysis.diagnostics };
    return {
      status: errors > 0 ? 'failed' : 'passed',
      summary: `${errors} errors, ${warnings} warnings, ${infos} notes`,
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
