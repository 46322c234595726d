// Partner runs (`model.client.stainless`): the runtime's `_errors.py` with the base error class a
// Stainless SDK has, named after the client (`LumaAIError`, `LettaError`): the base of `APIError`,
// so `except LumaAIError` catches every error the client raises, as it does in the shipped SDK.
// Flagship packages keep the bundled file verbatim.

import { id } from '../printers/python-writer.ts';

const BASE = 'class APIError(Exception):\n    """Base class of every error the client raises."""\n';
const ALL = '__all__ = [\n    "APIError",\n';

export function withBaseErrorClass(errorsModule: string, baseName: string): string {
  const name = id(baseName).text;
  if (!errorsModule.includes(BASE) || !errorsModule.includes(ALL))
    throw new Error('bundle/_errors.py no longer declares APIError as the base class; update stainless-errors.ts');
  return errorsModule
    .replace(ALL, `__all__ = [\n    ${JSON.stringify(name)},\n    "APIError",\n`)
    .replace(
      BASE,
      `class ${name}(Exception):\n    """Base class of every error the client raises (the name the Stainless SDK gave it)."""\n\n\n` +
        `class APIError(${name}):\n    """An error of a request (every error the client raises but this base class)."""\n`,
    );
}
