import { Center } from '@chakra-ui/react';
import {
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Mail,
  Presentation,
  type LucideIcon,
} from 'lucide-react';

interface IconStyle {
  icon: LucideIcon;
  palette: string;
}

/** The icon and colour of a file type (by extension). */
export function fileIconStyle(extension: string): IconStyle {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return { icon: FileText, palette: 'red' };
  if (['doc', 'docx', 'odt', 'rtf', 'txt', 'md'].includes(ext)) return { icon: FileText, palette: 'blue' };
  if (['xls', 'xlsx', 'ods', 'csv'].includes(ext)) return { icon: FileSpreadsheet, palette: 'green' };
  if (['ppt', 'pptx', 'odp', 'key'].includes(ext)) return { icon: Presentation, palette: 'orange' };
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'heic'].includes(ext))
    return { icon: FileImage, palette: 'purple' };
  if (['zip', 'rar', '7z', 'gz', 'tar'].includes(ext)) return { icon: FileArchive, palette: 'yellow' };
  if (['eml', 'msg'].includes(ext)) return { icon: Mail, palette: 'cyan' };
  if (['mp4', 'mov', 'avi', 'mkv'].includes(ext)) return { icon: FileVideo, palette: 'pink' };
  if (['mp3', 'wav', 'm4a'].includes(ext)) return { icon: FileAudio, palette: 'pink' };
  return { icon: File, palette: 'gray' };
}

export function FileIcon({ extension, size = 'md' }: { extension: string; size?: 'sm' | 'md' | 'lg' }) {
  const { icon: Icon, palette } = fileIconStyle(extension);
  const box = size === 'lg' ? '14' : size === 'sm' ? '7' : '8';
  const iconSize = size === 'lg' ? 28 : size === 'sm' ? 14 : 16;
  return (
    <Center
      boxSize={box}
      rounded={size === 'lg' ? 'xl' : 'md'}
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
      flexShrink={0}
      data-file-type={extension || 'file'}
      aria-hidden="true"
    >
      <Icon size={iconSize} />
    </Center>
  );
}
