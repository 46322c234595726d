import { isPartnerMode } from '../../generators/analyze.ts';
import { admitExtensionlessImports } from '../custom-code/admit-extensionless-imports.ts';
import { applyCustomCode, withCustomCode } from '../custom-code/apply-custom-code.ts';
import { commonJsPackage } from '../custom-code/commonjs-package.ts';
import { postprocessDist } from '../custom-code/postprocess-dist.ts';
import { installDependencies } from '../custom-code/install-dependencies.ts';
import { defineStep } from '../step.ts';
import { packageOutcome, tscBuild } from '../tsc-check.ts';
import { buildTypeScriptSdk } from '../typescript-sdk-build.ts';
import { typeScriptSdkFiles } from '../sdk-files.ts';

/**
 * The TypeScript SDK: generated from the API model, with the customer's own code carried in
 * (custom-code/), then checked by the real compiler (`tsc --strict` on the package, the customer's
 * code included). A package that does not compile fails the step. Without custom code the build is
 * the run's one compile of the SDK: the CLI and the MCP server, which carry the SDK, compile
 * against it (typescript-sdk-build.ts); with custom code the customer's tree is compiled as well
 * (in partner modes, when their package is CommonJS, as a CommonJS package with an ES-module twin,
 * the way their Stainless SDK shipped: the CLI and the MCP server keep carrying the pristine
 * ES-module SDK, which holds no custom code).
 */
export const typescriptSdkStep = defineStep({
  name: 'typescript_sdk',
  async run(context) {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const generated = typeScriptSdkFiles(model);
    const { files, customCode, theirManifest } = await applyCustomCode(context, 'typescript', generated);
    if (files === generated) {
      const build = await buildTypeScriptSdk(model, context.signal);
      return withCustomCode(packageOutcome('typescript_sdk', 'typescript-sdk', build.files, build.check), customCode);
    }
    const partnerCode =
      isPartnerMode(context.mode) &&
      customCode.report &&
      customCode.report.carried.length + customCode.report.merged.length > 0;
    // The npm packages their code imports (carried into package.json): installed for the compile.
    let nodeModules: string | undefined;
    const dependencies = customCode.report?.dependencies ?? [];
    if (customCode.report && dependencies.length > 0) {
      const install = await installDependencies(dependencies, context.signal);
      if (install.ok) nodeModules = install.nodeModules;
      customCode.report.dependencyInstall = install.ok
        ? 'installed'
        : `the npm dependencies of your code could not be installed for the check, so tsc ran without them: ${install.message}`;
    }
    // A customer's CommonJS package (every Stainless SDK): ours is built the way theirs ships, a
    // checked CommonJS compile and its unchecked ES-module twin (commonjs-package.ts).
    const admitted = partnerCode ? admitExtensionlessImports(files) : files;
    const dual = partnerCode ? commonJsPackage(admitted, theirManifest) : undefined;
    const tree = dual ?? admitted;
    context.signal.throwIfAborted();
    const check = await tscBuild(
      tree,
      context.signal,
      [],
      undefined,
      'typescript_sdk',
      // The package's own post-processing (extensions completed; the twin of a CommonJS one).
      partnerCode ? (root) => postprocessDist(root, context.signal) : undefined,
      nodeModules,
    );
    const outcome = packageOutcome('typescript_sdk', 'typescript-sdk', tree, check);
    if (dual && check.ok)
      outcome.summary += `; built as your package ships: CommonJS (dist/*.js, checked) with its ES-module twin (dist/*.mjs)`;
    return withCustomCode(outcome, customCode);
  },
});
