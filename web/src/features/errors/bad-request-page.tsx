import { AlertTriangle } from 'lucide-react';
import { CodePage } from './code-page';

export function BadRequestPage() {
  return (
    <CodePage
      code="400"
      icon={<AlertTriangle size={28} />}
      tone="orange"
      title="Bad Request"
      message="The request could not be processed. Please check the address or the data you entered and try again."
      note="If the problem persists, please contact support."
    />
  );
}
