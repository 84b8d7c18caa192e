import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { Link as RouterLink } from 'react-router';

/** The eye icon of a file's row that opens it in the viewer; `label` names the file for a screen reader. */
export function ViewerLinkButton({
  to,
  label,
  title = 'Open',
  ...button
}: Omit<IconButtonProps, 'asChild' | 'children' | 'aria-label' | 'title'> & { to: string; label: string; title?: string }) {
  return (
    <IconButton asChild aria-label={label} title={title} size="xs" variant="ghost" {...button}>
      <RouterLink to={to}>
        <Eye />
      </RouterLink>
    </IconButton>
  );
}
