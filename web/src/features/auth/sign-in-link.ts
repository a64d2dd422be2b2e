import { useLocation } from 'react-router-dom';
import { signInPath } from '@app/common/domain/return-path';

/** The sign-in page's address that brings the member back to the page they are on. */
export function useSignInPath(): string {
  const { pathname, search, hash } = useLocation();
  return signInPath(`${pathname}${search}${hash}`);
}
