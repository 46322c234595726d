// Reads pagination schemes (Stainless shape, also accepted by the flagship config):
//   - name: cursor_page
//     type: cursor | cursor_id | cursor_url | offset | page_number | page
//     request:  { <param>: { type, x-stainless-pagination-property: { purpose } } }
//     response: { <field>: { type, ... } }

import type { PaginationScheme } from '../model/types.ts';
import { asArray, asRecord, asString, entries, type JsonRecord } from '../model/json-guards.ts';
import { joinPointer } from '../model/parse/pointer.ts';
import type { ConfigReader } from './config-reader.ts';

const STYLE: Record<string, { style: PaginationScheme['style']; cursorKind?: PaginationScheme['cursorKind'] }> = {
  cursor: { style: 'cursor', cursorKind: 'token' },
  cursor_id: { style: 'cursor', cursorKind: 'id' },
  cursor_url: { style: 'cursor', cursorKind: 'url' },
  offset: { style: 'offset' },
  page: { style: 'page' },
  page_number: { style: 'page' },
};

function purpose(field: unknown): string | undefined {
  return asString(asRecord(asRecord(field)?.['x-stainless-pagination-property'])?.purpose);
}

export function readPagination(reader: ConfigReader, raw: unknown, pointer: string): PaginationScheme[] {
  const out: PaginationScheme[] = [];
  asArray(raw).forEach((item, i) => {
    const p = joinPointer(pointer, i);
    const scheme = asRecord(item);
    const name = asString(scheme?.name);
    const type = asString(scheme?.type);
    if (scheme === undefined || name === undefined || type === undefined || STYLE[type] === undefined) {
      reader.report(
        'config/invalid-pagination',
        'warning',
        p,
        `Pagination scheme needs a name and a type (one of ${Object.keys(STYLE).join(', ')}); it is ignored.`,
      );
      return;
    }
    const { style, cursorKind } = STYLE[type] as (typeof STYLE)[string];
    const request: PaginationScheme['request'] = {};
    for (const [param, field] of entries(scheme.request)) {
      const role = purpose(field) ?? param;
      if (/next_cursor|cursor|after|starting_after|page_token/.test(role) && request.cursor === undefined)
        request.cursor = param;
      else if (/offset/.test(role)) request.offset = param;
      else if (/page_size|per_page|limit/.test(role)) request[style === 'page' ? 'pageSize' : 'limit'] = param;
      else if (/page/.test(role)) request.page = param;
    }
    const response: PaginationScheme['response'] = { items: '' };
    for (const [field, def] of entries(scheme.response)) {
      const role = purpose(def) ?? field;
      const record: JsonRecord | undefined = asRecord(def);
      if (record?.type === 'array' && response.items === '') response.items = field;
      else if (/has_more|has_next/.test(role)) response.hasMore = field;
      else if (/next|cursor/.test(role)) response.nextCursor = field;
      else if (/total/.test(role)) response.total = field;
    }
    out.push({
      name,
      style,
      ...(cursorKind && style === 'cursor' ? { cursorKind } : {}),
      request,
      response,
      source: reader.locate(p),
    });
  });
  return out;
}
