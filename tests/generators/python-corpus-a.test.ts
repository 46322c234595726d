// Slice 1 of the Python SDK corpus check (see python-corpus-helpers.ts).

import { corpusSlice } from './python-corpus-helpers.ts';

corpusSlice(0, 3);
