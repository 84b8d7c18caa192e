/** What the viewer's API tests share (viewer.test.ts, viewer-ranges.test.ts). */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from '../../supabase/functions/_shared/ai/extract.ts';
import { app, call, registerUser, sql, type TestUser } from './helpers.ts';
import type { Room } from './dataroom-lib.ts';

export async function pdfOf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([400, 300]).drawText(text, { x: 30, y: 150, size: 14, font });
  return doc.save();
}

/** A member whose only right is `view` (a set of the deal's own). */
export async function viewOnly(r: Room, label = 'reader'): Promise<TestUser> {
  const user = await registerUser(label);
  const [set] = await sql<{ id: string }[]>`
    insert into public.permission_sets (deal_id, name, capabilities)
    values (${r.deal.id}, ${`View only ${Math.random().toString(36).slice(2, 8)}`}, '{view}') returning id`;
  await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${r.deal.id}, ${user.id}, 'member', ${set.id})`;
  return user;
}

/** GET of a source URL as a browser would: no bearer token. */
export async function source(url: string, headers: Record<string, string> = {}, via: { request: typeof app.request } = app) {
  const res = await via.request(url, { headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

export const textOf = async (bytes: Uint8Array) => (await extractText('x.pdf', 'application/pdf', bytes, bytes.length)).text;
export const viewer = (r: Room, fileId: string, user: TestUser, query = '') =>
  call('GET', `${r.base}/files/${fileId}/viewer${query}`, { token: user.token });

/** A 2×2 PNG made by pdf-lib's own encoder's counterpart: the smallest valid image. */
export async function pngBytes(): Promise<Uint8Array> {
  return Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
}
