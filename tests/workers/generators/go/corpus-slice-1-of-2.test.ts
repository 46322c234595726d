// Slice 1 of the Go SDK corpus check (see corpus-check.ts).

import { goCorpusSlice } from './corpus-check.ts';

goCorpusSlice(0, 2);
