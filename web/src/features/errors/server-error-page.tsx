import { ServerCrash } from 'lucide-react';
import { CodePage } from './code-page';

export function ServerErrorPage() {
  return (
    <CodePage
      refresh
      code="500"
      icon={<ServerCrash size={28} />}
      tone="red"
      title="Server Error"
      message="Something went wrong on our side while handling your request."
      note="Our team has been notified and is looking into it. Please try again in a few minutes."
    />
  );
}
