// The `format` validators of the OpenAPI 3.1 schema check: ajv-formats' full set, with the two
// lenient overrides that oas-schemas.ts explains (`uri` as later 3.1 schema revisions have it, and
// `media-range`, which upstream dropped). CommonJS so that the precompiled validators in
// ./standalone/ can `require` it: the code they run is exactly the code ajv would compile.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');

exports.oas31 = {
  ...fullFormats,
  'media-range': true,
  uri: /^[^\s\u0000-\u001f]*$/,
};
