// Slice 2 of the Python SDK corpus check (see python-corpus-helpers.ts).

import { corpusSlice } from './python-corpus-helpers.ts';

corpusSlice(1, 3);
