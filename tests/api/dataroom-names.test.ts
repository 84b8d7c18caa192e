import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  direct,
  directOk,
  fileRows,
  mkdir,
  names,
  NONCE_RE,
  OBJECT_RE,
  objectPath,
  objectsOf,
  random,
  requestJson,
  room,
  twoStep,
  walk,
  type Room,
} from './dataroom-lib.ts';

const LONG = 'x'.repeat(296) + '.pdf'; // 300 characters

/** Names that cannot be names: each refused with 400 and this detail (file / folder). */
const REFUSED: [string, string, string][] = [
  ['../../etc/passwd', 'The file name cannot contain / or \\.', 'The folder name cannot contain / or \\.'],
  ['..\\evil', 'The file name cannot contain / or \\.', 'The folder name cannot contain / or \\.'],
  ['a/b', 'The file name cannot contain / or \\.', 'The folder name cannot contain / or \\.'],
  ['/etc/passwd', 'The file name cannot contain / or \\.', 'The folder name cannot contain / or \\.'],
  ['nul\u0000byte.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['line\nbreak.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['tab\there', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['bell\u0007.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['del\u007f.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['c1\u0085next.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['csi\u009b.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  ['esc\u001b[31m.txt', 'The file name contains control characters.', 'The folder name contains control characters.'],
  [
    'evil\u202Egnp.exe',
    'The file name contains bidirectional text overrides.',
    'The folder name contains bidirectional text overrides.',
  ],
  [
    'isolate\u2066.pdf',
    'The file name contains bidirectional text overrides.',
    'The folder name contains bidirectional text overrides.',
  ],
  [LONG, 'The file name can be at most 255 characters.', 'The folder name can be at most 255 characters.'],
  ['.', '"." is not a valid file name.', '"." is not a valid folder name.'],
  ['..', '".." is not a valid file name.', '".." is not a valid folder name.'],
  [' .. ', '".." is not a valid file name.', '".." is not a valid folder name.'],
  ['   ', 'The file needs a name.', 'Please enter a folder name'],
  ['', 'The file needs a name.', 'Please enter a folder name'],
];

/** Odd but harmless names: stored exactly as data (after trimming and NFC). */
const KEPT: [string, string][] = [
  ['<img src=x onerror=alert(1)>.html', '<img src=x onerror=alert(1)>.html'],
  ['name with "quotes" & \'apostrophes\'.txt', 'name with "quotes" & \'apostrophes\'.txt'],
  ['%2e%2e%2fetc%2fpasswd', '%2e%2e%2fetc%2fpasswd'],
  ['...', '...'],
  ['..hidden', '..hidden'],
  ['CON', 'CON'],
  ['file:name?*.txt', 'file:name?*.txt'],
  ['📄 Résumé.pdf', '📄 Résumé.pdf'],
  ['  padded.txt  ', 'padded.txt'],
  ['y'.repeat(251) + '.txt', 'y'.repeat(251) + '.txt'],
  ["Robert'); DROP TABLE files;--", "Robert'); DROP TABLE files;--"],
];

function expectOnlyKeys() {
  const all = walk();
  const strays = all.filter((p) => !OBJECT_RE.test(p) && !NONCE_RE.test(p));
  expect(strays).toEqual([]);
}

/** A raw multipart body with a hand-written Content-Disposition for the file part. */
function rawUpload(r: Room, token: string, disposition: string, extra = '') {
  const boundary = 'NamesBoundary';
  const enc = new TextEncoder();
  const body = new Uint8Array([
    ...enc.encode(`${extra}--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n\r\n`),
    ...random(64),
    ...enc.encode(`\r\n--${boundary}--\r\n`),
  ]);
  return requestJson(`${r.base}/files/upload`, token, new Blob([body]).stream(), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('hostile file and folder names', () => {
  it('upload-url refuses each with 400 and writes nothing', async () => {
    const r = await room('names1');
    for (const [name, detail] of REFUSED) {
      const res = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: name, path: '/' } });
      expectError(res, 400, detail);
    }
    expect(await fileRows(r.deal.id)).toEqual([]);
    expectOnlyKeys();
  });

  it("the direct upload refuses each (as the part's filename or a filename field) with 400 and keeps no bytes", async () => {
    const r = await room('names2');
    for (const [name, detail] of REFUSED) {
      if (name === '') continue; // an empty part filename is covered below
      const res = await direct(r, r.owner, { filename: 'ok.bin', path: '/', fields: { filename: name } });
      expectError(res, 400, detail);
    }
    const viaPart = await direct(r, r.owner, { filename: '../../etc/passwd', path: '/' });
    expectError(viaPart, 400, 'The file name cannot contain / or \\.');
    // Hand-written headers: what a browser's FormData would escape.
    const cases: [string, number, string?][] = [
      ['filename="../../etc/passwd"', 400, 'The file name cannot contain / or \\.'],
      ['filename="..\\\\evil"', 400, 'The file name cannot contain / or \\.'],
      ['filename="a\u0001b.txt"', 400, 'The file name contains control characters.'],
      ['filename="nul\u0000.txt"', 400, 'The file name contains control characters.'],
      ["filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 400, 'The file name cannot contain / or \\.'],
      ["filename*=UTF-8''a%00b", 400, 'The file name contains control characters.'],
      ["filename*=UTF-8''%E0%A4%A", 400, 'The file name is not valid UTF-8.'],
      ['filename=""', 400, 'The file needs a name.'],
      ['filename=".."', 400, '".." is not a valid file name.'],
    ];
    for (const [disposition, status, detail] of cases) {
      expectError(await rawUpload(r, r.owner.token, disposition), status, detail);
    }
    expect(await fileRows(r.deal.id)).toEqual([]);
    expect(objectsOf(r.deal.id)).toEqual([]);
    expectOnlyKeys();
  });

  it('folder creation refuses each with 400', async () => {
    const r = await room('names3');
    for (const [name, , detail] of REFUSED) {
      const res = await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name, path: '/' } });
      expectError(res, 400, detail);
    }
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { path: '/' } }),
      400,
      'Please enter a folder name',
    );
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 42, path: '/' } }),
      400,
      'Please enter a folder name',
    );
    const listing = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect(listing.body.folders).toEqual([]);
  });

  it('renames and new versions refuse them too', async () => {
    const r = await room('names4');
    const up = await twoStep(r, r.owner, { filename: 'fine.txt' });
    for (const [name, detail] of REFUSED) {
      expectError(await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { name } }), 400, detail);
      if (name !== '') {
        expectError(
          await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, {
            token: r.owner.token,
            body: { filename: name },
          }),
          400,
          detail,
        );
      }
    }
    const file = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    expect(file.body.name).toBe('fine.txt');
    expect(file.body.current_version).toBe(1);
  });

  it('paths with traversal or control characters are 404, never a lookup outside the deal', async () => {
    const r = await room('names5');
    await mkdir(r, r.owner, 'A');
    for (const path of ['/A/..', '../A', '/A/./', '/A/\u0000', '/A\\B', '..']) {
      expectError(
        await call('GET', `${r.base}/files?path=${encodeURIComponent(path)}`, { token: r.owner.token }),
        404,
        "Path not found or you don't have access",
      );
      expectError(
        await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'x.txt', path } }),
        404,
        "Path not found or you don't have access",
      );
      expectError(
        await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'x', path } }),
        404,
        "Path not found or you don't have access",
      );
      expectError(await direct(r, r.owner, { filename: 'x.txt', path }), 404, "Path not found or you don't have access");
    }
    expect(await fileRows(r.deal.id)).toEqual([]);
    expect(objectsOf(r.deal.id)).toEqual([]);
  });

  it('odd but harmless names are stored purely as data, under our own keys', async () => {
    const r = await room('names6');
    const ids: string[] = [];
    for (const [i, [name, stored]] of KEPT.entries()) {
      const up =
        i % 2 === 0
          ? await twoStep(r, r.owner, { filename: name })
          : await directOk(r, r.owner, { filename: 'x.bin', path: '/', fields: { filename: name } });
      expect(up.file.name).toBe(stored);
      ids.push(up.fileId);
      expect(objectsOf(r.deal.id)).toContain(objectPath(r.deal.id, up.fileId, 1));
    }
    const listing = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect(new Set(names(listing.body.files))).toEqual(new Set(KEPT.map(([, s]) => s)));
    const folder = await mkdir(r, r.owner, '<b>Board<b> & "Co" %20 ?x=1#frag');
    expect(folder.full_path).toBe('/<b>Board<b> & "Co" %20 ?x=1#frag');
    const inside = await call('GET', `${r.base}/files?path=${encodeURIComponent('/<b>Board<b> & "Co" %20 ?x=1#frag')}`, {
      token: r.owner.token,
    });
    expect(inside.status).toBe(200);
    expect(objectsOf(r.deal.id)).toHaveLength(KEPT.length * 2);
  });

  it('NFC and NFD forms of "Résumé.pdf" are the same name (409), for files and folders', async () => {
    const r = await room('nfc');
    const nfc = 'Résumé.pdf'.normalize('NFC');
    const nfd = 'Résumé.pdf'.normalize('NFD');
    expect(nfc).not.toBe(nfd);
    const first = await twoStep(r, r.owner, { filename: nfd });
    expect(first.file.name).toBe(nfc);
    const again = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: nfc } });
    expectError(again, 409, `A file named "${nfc}" already exists in this folder`);
    expect(again.body.existing_file_id).toBe(first.fileId);
    const viaDirect = await direct(r, r.owner, { filename: nfd, path: '/' });
    expectError(viaDirect, 409, `A file named "${nfc}" already exists in this folder`);
    expect(viaDirect.body.existing_file_id).toBe(first.fileId);
    // ASCII letters fold case as well (only those: the embedded Postgres runs with the C locale).
    expect((await direct(r, r.owner, { filename: 'RéSUMé.PDF'.normalize('NFD'), path: '/' })).status).toBe(409);
    expect((await twoStep(r, r.owner, { filename: nfd, on_conflict: 'keep_both' })).file.name).toBe(
      'Résumé (2).pdf'.normalize('NFC'),
    );

    const folder = await mkdir(r, r.owner, 'Données'.normalize('NFD'));
    expect(folder.name).toBe('Données'.normalize('NFC'));
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'Données'.normalize('NFC'), path: '/' } }),
      409,
      `A folder named "${'Données'.normalize('NFC')}" already exists here`,
    );
    for (const form of ['NFC', 'NFD'] as const) {
      const listing = await call('GET', `${r.base}/files?path=${encodeURIComponent('/Données'.normalize(form))}`, {
        token: r.owner.token,
      });
      expect(listing.status).toBe(200);
      expect(listing.body.path).toBe('/Données'.normalize('NFC'));
    }
    const search = await call('GET', `${r.base}/files/search?q=${encodeURIComponent('résumé'.normalize('NFD'))}`, {
      token: r.owner.token,
    });
    expect(names(search.body.files).sort()).toEqual(['Résumé (2).pdf', 'Résumé.pdf'].map((n) => n.normalize('NFC')));
  });

  it('after every hostile name, the store holds only objects under deals/<uuid>/files/<uuid>/v<n>', async () => {
    const r = await room('names7');
    for (const [name] of REFUSED) {
      await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: name } });
      await direct(r, r.owner, { filename: 'a.bin', path: '/', fields: { filename: name } });
    }
    await twoStep(r, r.owner, { filename: 'legit.txt' });
    const all = walk();
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((p) => p.startsWith('deals/')).every((p) => OBJECT_RE.test(p))).toBe(true);
    expectOnlyKeys();
  });
});
