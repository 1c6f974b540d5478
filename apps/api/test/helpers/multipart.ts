export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Uint8Array };

/** A multipart/form-data body in the given part order, encoded the way browsers encode FormData. */
export async function multipartBody(parts: FormPart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.data], { type: part.contentType }), part.filename);
  }
  const response = new Response(form);
  const contentType = response.headers.get('content-type');
  if (!contentType) throw new Error('FormData produced no content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': contentType } };
}
