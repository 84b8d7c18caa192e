import { FileQuestion } from 'lucide-react';
import { CodePage } from './code-page';

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return (
    <CodePage
      embedded={embedded}
      code="404"
      icon={<FileQuestion size={28} />}
      title="Page Not Found"
      message="The page you are looking for does not exist or may have been moved."
    />
  );
}
