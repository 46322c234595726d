// Slice 1 of the Go SDK corpus check (see go-corpus-helpers.ts).

import { goCorpusSlice } from './go-corpus-helpers.ts';

goCorpusSlice(0, 2);
