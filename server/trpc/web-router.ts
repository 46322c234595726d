import { downloadArtifactContent } from '../routers/artifacts/download-artifact-content.ts';
import { listArtifactFiles } from '../routers/artifacts/list-artifact-files.ts';
import { readArtifactFile } from '../routers/artifacts/read-artifact-file.ts';
import { listPublishingActions } from '../routers/publishing/list-publishing-actions.ts';
import { readDescriptionExcerpt } from '../routers/runs/read-description-excerpt.ts';
import { readRunInput } from '../routers/runs/read-run-input.ts';
import { getLimits } from '../routers/sessions/get-limits.ts';
import { signInWithApiKey } from '../routers/sessions/sign-in-with-api-key.ts';
import { signInWithIdp } from '../routers/sessions/sign-in-with-idp.ts';
import { signInWithLink } from '../routers/sessions/sign-in-with-link.ts';
import { signOut } from '../routers/sessions/sign-out.ts';
import { router, t } from './init.ts';
import { appRouter } from './root.ts';

/**
 * What /trpc serves: every procedure of the API (`appRouter`, also the REST facade) plus the web
 * app's own procedures: sessions (they set cookies, so they have no REST route) and the reads the
 * app needs to show artifacts and sources in the page (their REST equivalent is the download). The web app imports
 * the `WebRouter` type, and nothing else, from server/.
 */
export const webRouter = t.mergeRouters(
  appRouter,
  router({
    session: router({ signInWithLink, signInWithApiKey, signInWithIdp, signOut, limits: getLimits }),
    browse: router({
      files: listArtifactFiles,
      file: readArtifactFile,
      content: downloadArtifactContent,
      source: readDescriptionExcerpt,
      input: readRunInput,
      publishing: listPublishingActions,
    }),
  }),
);

export type WebRouter = typeof webRouter;
