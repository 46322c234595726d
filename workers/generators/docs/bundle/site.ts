// The one script of a generated docs site, bundled into `assets/site.js` when the site is
// emitted (see `../bundle-files.ts`): the page behaviour of `page.js` (theme, menu, sample tabs,
// search) and the try-it console.

import './page.js';
import { startTryIt } from './try-it.ts';

startTryIt();
