import { Button } from '@chakra-ui/react';
import { Undo2 } from 'lucide-react';
import { useNavigate } from 'react-router';

/** Back where the person came from, or to the deal list when this page was the first one opened. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

export function GoBackButton() {
  const goBack = useGoBack();
  return (
    <Button variant="outline" onClick={goBack}>
      <Undo2 size={16} /> Go Back
    </Button>
  );
}
