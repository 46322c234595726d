// The largest real descriptions (split over three files so vitest runs them in parallel): parse -> validate -> model without a crash, at the expected
// size, with exact locations, within a time budget.

import { describe } from 'vitest';
import { HAS_CORPUS, rootDescriptions, soundEach } from '../corpus-helpers.ts';

describe.skipIf(!HAS_CORPUS)('corpus: real-world descriptions (Plaid, Twilio api_v2010)', () => {
  const entries = rootDescriptions().filter(
    (e) =>
      e.file.startsWith('real-world/') &&
      ['real-world/plaid/2020-09-14.yml', 'real-world/twilio/twilio_api_v2010.yaml'].includes(e.file),
  );
  soundEach(entries, 2);
});
