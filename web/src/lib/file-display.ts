/**
 * Sizes in the review queue: kilobytes (docs/product.md §2 Review queue), with one decimal under 10 KB
 * (a 29-byte file reads "0.1 KB", never "0.0 KB") and thousands separated above.
 */
export function formatKilobytes(bytes: number): string {
  if (!bytes) return '0 KB';
  const kilobytes = bytes / 1024;
  if (kilobytes < 10) return `${Math.max(0.1, Math.round(kilobytes * 10) / 10).toFixed(1)} KB`;
  return `${Math.round(kilobytes).toLocaleString('en-US')} KB`;
}

/** "pdf" from the file_type column or else the name's extension. */
export function fileExtensionOf(file: { name: string; file_type?: string | null }): string {
  if (file.file_type) return file.file_type.toLowerCase();
  const dot = file.name.lastIndexOf('.');
  return dot > 0 && dot < file.name.length - 1 ? file.name.slice(dot + 1).toLowerCase() : '';
}

/** A human name for a file type: "PDF document", "Excel spreadsheet", … */
export function fileTypeLabel(extension: string): string {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return 'PDF document';
  if (['doc', 'docx', 'odt', 'rtf'].includes(ext)) return 'Word document';
  if (['xls', 'xlsx', 'ods'].includes(ext)) return 'Excel spreadsheet';
  if (ext === 'csv') return 'CSV file';
  if (['ppt', 'pptx', 'odp', 'key'].includes(ext)) return 'Presentation';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'heic'].includes(ext)) return 'Image';
  if (['zip', 'rar', '7z', 'gz', 'tar'].includes(ext)) return 'Archive';
  if (['txt', 'md'].includes(ext)) return 'Text file';
  if (['eml', 'msg'].includes(ext)) return 'E-mail';
  if (['mp4', 'mov', 'avi', 'mkv'].includes(ext)) return 'Video';
  if (['mp3', 'wav', 'm4a'].includes(ext)) return 'Audio';
  return ext ? `${ext.toUpperCase()} file` : 'File';
}

/** The size of a file in bytes (`size_bytes`: docs/product.md names one field per value), or null when unknown. */
export function fileSizeOf(file: { size_bytes?: number | null }): number | null {
  const size = file.size_bytes;
  return size === null || size === undefined ? null : Number(size);
}
