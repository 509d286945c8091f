import { useEffect } from 'react';
import { useLocation, useNavigate } from '@cadence/shared-router';
import { hashFallbackTarget } from '../route-table.ts';

export function HashFallback() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = hashFallbackTarget(hash);
    if (target) navigate(target, { replace: true });
  }, [hash, navigate]);
  return null;
}
