import { useSelector } from '@xstate/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../machines';
import { useActors } from './AppContext';
import { PATHS, fromState, type FromState } from './paths';

/**
 * Protected routes (spec §2): without a session the visitor goes to login, and the location they
 * were going to travels along in router state so that logging in can return there.
 */
export function RequireAuth() {
  const { auth } = useActors();
  const signedIn = useSelector(auth, selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={PATHS.login} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Login and sign-up: a visitor who is already signed in goes on to where they were going. */
export function RedirectIfSignedIn() {
  const { auth } = useActors();
  const signedIn = useSelector(auth, selectIsSignedIn);
  const location = useLocation();
  if (signedIn) return <Navigate to={fromState(location.state) ?? PATHS.home} replace />;
  return <Outlet />;
}
