// Default client and package names from the description's title (`Swagger Petstore API` ->
// client `SwaggerPetstore`, packages `swagger-petstore`, module `swagger_petstore`). A config's
// explicit names replace these (build-model.ts clientNaming).

import { kebabCase, pascalCase, screamingSnakeCase, snakeCase } from '../names/case.ts';
import { freeCommandName } from '../names/shell.ts';

export function clientNamingDefaults(title: string): {
  clientName: string;
  typescript: string;
  python: string;
  pythonModule: string;
  cli: string;
  envPrefix: string;
  snake: (raw: string) => string;
} {
  const stripped = title.replace(/\b(api|rest|openapi|service|spec(ification)?)\b/gi, ' ').trim();
  const raw = stripped === '' ? title : stripped;
  const kebab = kebabCase(raw) || 'api';
  return {
    clientName: pascalCase(raw) || 'Api',
    typescript: kebab,
    python: kebab,
    pythonModule: snakeCase(raw) || 'api',
    // The CLI binary: never a command the user's shell already has (`groups` -> `groups-cli`).
    cli: freeCommandName(kebab),
    envPrefix: screamingSnakeCase(raw) || 'API',
    snake: snakeCase,
  };
}
