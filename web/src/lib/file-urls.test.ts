import { describe, expect, it } from 'vitest';
import {
  decodePath,
  encodePath,
  fileUrl,
  folderUrl,
  fileViewerUrl,
  isUuid,
  joinPath,
  normalizePath,
  parentPath,
  pathFromPathname,
  pathLinkPath,
  relativeDir,
  shareLinkPath,
} from './file-urls';

const D = 'd1';
const FILE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('data-room paths', () => {
  it('normalises paths', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('A//B/')).toBe('/A/B');
    expect(normalizePath(' /A / B ')).toBe('/A/B');
    expect(joinPath('/A', 'B')).toBe('/A/B');
    expect(joinPath('/', 'B')).toBe('/B');
    expect(parentPath('/A/B')).toBe('/A');
    expect(parentPath('/A')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });

  it('encodes each folder name as one URL segment and decodes it back', () => {
    const path = '/Legal & Tax/Q1 #2/100% done?';
    const encoded = encodePath(path);
    expect(encoded).toBe('Legal%20%26%20Tax/Q1%20%232/100%25%20done%3F');
    expect(decodePath(encoded)).toBe(path);
    expect(decodePath('')).toBe('/');
  });

  it('keeps non-ASCII names', () => {
    const path = '/Überblick/Études';
    expect(decodePath(encodePath(path))).toBe(path);
  });

  it('reads a path encoded as a single segment', () => {
    expect(decodePath('%2FA%2FB%20C')).toBe('/A/B C');
  });

  it('leaves a stray % as it is', () => {
    expect(decodePath('100%')).toBe('/100%');
  });

  it('reads the path of both path-based routes from the location', () => {
    expect(pathFromPathname('/deals/d1/files')).toBe('/');
    expect(pathFromPathname('/deals/d1/files/')).toBe('/');
    expect(pathFromPathname('/deals/d1/files/Legal/Contracts%202024')).toBe('/Legal/Contracts 2024');
    expect(pathFromPathname('/deals/d1/data-room/path/Legal/Contracts%202024')).toBe('/Legal/Contracts 2024');
    expect(pathFromPathname('/deals/d1/data-room/path')).toBe('/');
    expect(pathFromPathname('/deals/d1/data-room/path/%2FLegal%2FTax')).toBe('/Legal/Tax');
  });

  it('builds folder, file and link URLs', () => {
    expect(folderUrl(D, '/')).toBe('/deals/d1/files');
    expect(folderUrl(D, '/Legal/Q1 2024')).toBe('/deals/d1/files/Legal/Q1%202024');
    expect(fileUrl(D, FILE_ID)).toBe(`/deals/d1/files/${FILE_ID}`);
    expect(shareLinkPath(D, 'f9')).toBe('/deals/d1/data-room/folder/f9');
    expect(shareLinkPath(D, null)).toBe('/deals/d1/data-room');
    expect(pathLinkPath(D, '/Legal/Q1 2024')).toBe('/deals/d1/data-room/path/Legal/Q1%202024');
  });

  it('never sends a top-level folder named like an id to the file page', () => {
    expect(isUuid(FILE_ID)).toBe(true);
    expect(isUuid('Legal')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(folderUrl(D, `/${FILE_ID}`)).toBe(`/deals/d1/data-room/path/${FILE_ID}`);
    // '/files/{id}/view' is the file's viewer: a folder 'view' under such a folder must not land there.
    expect(folderUrl(D, `/${FILE_ID}/view`)).toBe(`/deals/d1/data-room/path/${FILE_ID}/view`);
  });

  it("builds a file's viewer URL with its version and page", () => {
    expect(fileViewerUrl(D, FILE_ID)).toBe(`/deals/d1/files/${FILE_ID}/view`);
    expect(fileViewerUrl(D, FILE_ID, { version: 2, page: 5 })).toBe(`/deals/d1/files/${FILE_ID}/view?version=2&page=5`);
    expect(fileViewerUrl(D, FILE_ID, { page: 1 })).toBe(`/deals/d1/files/${FILE_ID}/view`);
  });

  it('finds the folder part of picked and dropped relative paths', () => {
    expect(relativeDir('Top/Sub/a.pdf')).toBe('/Top/Sub');
    expect(relativeDir('/Top/a.pdf')).toBe('/Top');
    expect(relativeDir('./a.pdf')).toBe('/');
    expect(relativeDir('a.pdf')).toBe('/');
    expect(relativeDir(undefined)).toBe('/');
  });
});
