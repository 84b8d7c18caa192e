import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './session';
import { notify } from './toast';

/** Logout clears the token and the user, says so, and goes to /login (docs/product.md §4). */
export function useLogout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    notify.success('Logged out successfully');
    navigate('/login', { replace: true });
  }, [navigate, signOut]);
}
