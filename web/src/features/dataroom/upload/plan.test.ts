import { describe, expect, it } from 'vitest';
import { isSystemFile, withoutSystemFiles } from '../../../lib/system-files';
import { planImport } from './plan';

function fileAt(relativePath: string, size = 10): File {
  const name = relativePath.split('/').pop() ?? relativePath;
  const file = new File([new Uint8Array(size)], name);
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

describe('system files', () => {
  it('recognises .DS_Store and Thumbs.db in any case', () => {
    expect(isSystemFile('.DS_Store')).toBe(true);
    expect(isSystemFile('Thumbs.db')).toBe(true);
    expect(isSystemFile('thumbs.DB')).toBe(true);
    expect(isSystemFile('report.pdf')).toBe(false);
    expect(isSystemFile('DS_Store.txt')).toBe(false);
  });

  it('drops them from a selection', () => {
    const files = [new File(['a'], 'a.pdf'), new File(['b'], '.DS_Store'), new File(['c'], 'Thumbs.db')];
    expect(withoutSystemFiles(files).map((f) => f.name)).toEqual(['a.pdf']);
  });
});

describe('planImport', () => {
  it('recreates the tree under the current folder, parents first, without system files', () => {
    const plan = planImport(
      [
        fileAt('Deal/Legal/Contracts/spa.pdf'),
        fileAt('Deal/.DS_Store'),
        fileAt('Deal/Legal/Thumbs.db'),
        fileAt('Deal/readme.txt'),
        fileAt('Deal/Finance/q1.xlsx'),
      ],
      '/Incoming',
    );
    expect(plan.folders).toEqual([
      '/Incoming/Deal',
      '/Incoming/Deal/Finance',
      '/Incoming/Deal/Legal',
      '/Incoming/Deal/Legal/Contracts',
    ]);
    expect(plan.files.map((p) => [p.file.name, p.path])).toEqual([
      ['spa.pdf', '/Incoming/Deal/Legal/Contracts'],
      ['readme.txt', '/Incoming/Deal'],
      ['q1.xlsx', '/Incoming/Deal/Finance'],
    ]);
  });

  it('reads the paths react-dropzone gives dropped files', () => {
    const dropped = new File(['x'], 'a.pdf');
    Object.defineProperty(dropped, 'path', { value: '/Box/Sub/a.pdf' });
    const loose = new File(['y'], 'b.pdf');
    Object.defineProperty(loose, 'path', { value: './b.pdf' });
    const plan = planImport([dropped, loose], '/');
    expect(plan.folders).toEqual(['/Box', '/Box/Sub']);
    expect(plan.files.map((p) => p.path)).toEqual(['/Box/Sub', '/']);
  });
});
