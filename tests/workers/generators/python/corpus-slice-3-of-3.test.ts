// Slice 3 of the Python SDK corpus check (see corpus-check.ts).

import { corpusSlice } from './corpus-check.ts';

corpusSlice(2, 3);
