import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMegabytes } from './format';
import { fileExtensionOf, fileTypeLabel, formatKilobytes } from './file-display';

describe('sizes', () => {
  it('shows the upload lists in MB with 2 decimals whatever the size; a non-empty file never reads 0.00 MB', () => {
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(681)).toBe('0.01 MB');
    expect(formatMegabytes(3.4 * 1024)).toBe('0.01 MB');
    expect(formatMegabytes(50 * 1024)).toBe('0.05 MB');
    expect(formatMegabytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatMegabytes(1024 * 1024)).toBe('1.00 MB');
    expect(formatMegabytes(1_500_000)).toBe('1.43 MB');
    expect(formatMegabytes(5 * 1024 ** 3)).toBe('5120.00 MB');
  });

  it('shows the review queue in KB: one decimal under 10 KB, never 0.0 for a non-empty file, separators above', () => {
    expect(formatKilobytes(0)).toBe('0 KB');
    expect(formatKilobytes(29)).toBe('0.1 KB');
    expect(formatKilobytes(2048)).toBe('2.0 KB');
    expect(formatKilobytes(9.96 * 1024)).toBe('10.0 KB');
    expect(formatKilobytes(10 * 1024)).toBe('10 KB');
    expect(formatKilobytes(20 * 1024 * 1024)).toBe('20,480 KB');
  });

  it('shows other sizes in B, KB, MB, GB or TB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(1_500_000)).toBe('1.4 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.0 TB');
  });
});

describe('file types', () => {
  it('takes the type from file_type or the extension', () => {
    expect(fileExtensionOf({ name: 'A.PDF' })).toBe('pdf');
    expect(fileExtensionOf({ name: 'x', file_type: 'DOCX' })).toBe('docx');
    expect(fileExtensionOf({ name: 'README' })).toBe('');
    expect(fileTypeLabel('xlsx')).toBe('Excel spreadsheet');
    expect(fileTypeLabel('')).toBe('File');
  });
});
