// Default client and package names from the description's title (`Swagger Petstore API` ->
// client `SwaggerPetstore`, packages `swagger-petstore`, module `swagger_petstore`).

import { kebabCase, pascalCase, screamingSnakeCase, snakeCase } from '../names/case.ts';

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
    cli: kebab,
    envPrefix: screamingSnakeCase(raw) || 'API',
    snake: snakeCase,
  };
}
