import { Button } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';

export function RefreshButton() {
  return (
    <Button variant="outline" onClick={() => window.location.reload()}>
      <RefreshCw size={16} /> Refresh Page
    </Button>
  );
}
