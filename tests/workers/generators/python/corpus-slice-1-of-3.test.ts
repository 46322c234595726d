// Slice 1 of the Python SDK corpus check (see corpus-check.ts).

import { corpusSlice } from './corpus-check.ts';

corpusSlice(0, 3);
