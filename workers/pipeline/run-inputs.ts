/** A run's raw inputs, as retained for it (`RunInput.readTexts`; what the steps and the analysis read). */
export interface RunInputs {
  openapiText: string;
  configText: string | null;
  oldSdkText: string | null;
  docsSourceText: string | null;
}
