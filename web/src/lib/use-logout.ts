import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api/client';
import { useSession } from './session';
import { notify } from './toast';

/**
 * Logout ends this session on the server (its refresh token with it), clears the tokens and the user,
 * says so, and goes to /login (docs/product.md §4). The app does not wait for the server's answer.
 */
export function useLogout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    void api.post('/auth/logout', { scope: 'local' }).catch(() => undefined);
    signOut();
    notify.success('Logged out successfully');
    navigate('/login', { replace: true });
  }, [navigate, signOut]);
}
