import { Button } from '@chakra-ui/react';
import { Home } from 'lucide-react';
import { useNavigate } from 'react-router';

export function GoToDashboardButton() {
  const navigate = useNavigate();
  return (
    <Button colorPalette="brand" onClick={() => navigate('/')}>
      <Home size={16} /> Go to Dashboard
    </Button>
  );
}
