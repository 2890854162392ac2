import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearCaches } from '../../../lib/clear-caches';
import { logout as endSession } from '../../../lib/session';

/** Sign out (A4.05–A4.07): end the session, forget cached data, land on /login. */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await endSession();
    } finally {
      void clearCaches(queryClient); // A9.23
      setPending(false);
      navigate('/login', { replace: true });
    }
  };
  return { logout, isPending };
}
