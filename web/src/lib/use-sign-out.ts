import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../components/ui/toast';
import { signOut } from './session';

/**
 * Sign Out as the top bar's menus do it (desktop user menu and mobile menu alike): home on success; on
 * failure the spec's 'Failed to sign out', since the member is still signed in and must know it.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void signOut().then(
      () => navigate('/'),
      (err: unknown) => {
        console.error('Failed to sign out', err);
        toast({ title: 'Error', description: 'Failed to sign out', variant: 'destructive' });
      },
    );
  }, [navigate]);
}
