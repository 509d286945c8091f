import { useEffect } from 'react';
import { useAuthStore } from '@cadence/shared-auth';

/** Learns once whether a session exists, so nav and footer show the right links. */
export function useAuthBootstrap(): void {
  const refreshUser = useAuthStore((state) => state.refreshUser);
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);
}
