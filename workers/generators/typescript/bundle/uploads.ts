// multipart/form-data bodies: Blob/File values become file parts, arrays repeat the field,
// objects are sent as JSON, everything else as text.

/** Anything that can be sent as a file part. */
export type Uploadable = Blob;

/** A Blob with a file name, from bytes or text (works on runtimes without a global `File`). */
export function toFile(data: BlobPart | BlobPart[], name: string, options: { type?: string } = {}): Blob {
  const parts = Array.isArray(data) ? data : [data];
  const FileCtor = (globalThis as { File?: typeof File }).File;
  if (FileCtor) return new FileCtor(parts, name, options);
  const blob = new Blob(parts, options);
  Object.defineProperty(blob, 'name', { value: name });
  return blob;
}

function fileName(blob: Blob): string {
  const name = (blob as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : 'blob';
}

function append(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value instanceof Blob) form.append(key, value, fileName(value));
  else if (value instanceof Uint8Array || value instanceof ArrayBuffer) form.append(key, new Blob([value as BlobPart]), 'blob');
  else if (Array.isArray(value)) for (const item of value) append(form, key, item);
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (typeof value === 'object' && value !== null) form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

export function toFormData(body: unknown): FormData {
  const form = new FormData();
  if (typeof body !== 'object' || body === null) throw new TypeError('A multipart body must be an object.');
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) append(form, key, value);
  return form;
}

/**
 * `application/x-www-form-urlencoded` bodies, each field by OpenAPI's default encoding (`style:
 * form`, `explode: true`): an array as one pair per item (`expand=a&expand=b`), an object as one
 * pair per member (`key=value`), as the Python SDK sends them. An object inside either is sent as JSON.
 */
export function toUrlEncoded(body: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return params;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [member, item] of Object.entries(value as Record<string, unknown>)) {
        if (item === undefined) continue;
        params.append(member, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
      }
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return params;
}

/**
 * The text of an `application/x-www-form-urlencoded` body (`toUrlEncoded`), with `*` percent-encoded:
 * URLSearchParams leaves it as is, but it is a reserved character (RFC 3986) that OpenAPI's default
 * `allowReserved: false` asks to encode (a validating server refuses it raw; Python's urlencode
 * encodes it too).
 */
export function urlEncodedText(body: unknown): string {
  return toUrlEncoded(body).toString().replace(/\*/g, '%2A');
}
