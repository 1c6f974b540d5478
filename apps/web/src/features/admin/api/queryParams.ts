/** A list query as URL params: blanks dropped, paging as the API's other lists name it (Page, Size). */
export function listParams<Q extends { page: number; size: number }>(query: Q): Record<string, string | number> {
  const { page, size, ...filters } = query;
  const params: Record<string, string | number> = { Page: page, Size: size };
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
    else if (typeof value === 'number') params[key] = value;
  }
  return params;
}
