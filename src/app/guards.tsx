import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../machines';
import { useActors } from './AppContext';
import { PATHS } from '../paths';

/** Where a visitor was going when they were sent to log in (router location state). */
export interface FromState {
  from?: string;
}

/** The location a visitor was going to when sent to log in, if any (never login itself). */
export function fromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { from } = state as FromState;
  return typeof from === 'string' && from !== PATHS.login ? from : undefined;
}

/**
 * Protected routes: a visitor without a session goes to login, and the location they
 * were going to travels along in router state so that logging in can return there. Someone who
 * logs out (or whose session ends) here is not "going" anywhere: they go to login plainly.
 */
export function RequireAuth() {
  const { session } = useActors();
  const signedIn = useSelector(session, selectIsSignedIn);
  const [arrivedSignedIn] = useState(signedIn);
  const location = useLocation();
  if (!signedIn) {
    if (arrivedSignedIn) return <Navigate to={PATHS.login} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={PATHS.login} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/**
 * Login and sign-up: a visitor who arrives already signed in goes on to where they were going.
 * One who signs in here is moved by the session machine itself (its `navigate` event knows the
 * destination: the remembered page, Home after login, Explore after sign-up), so this guard
 * stays out of its way rather than racing it to a different page.
 */
export function RedirectIfSignedIn() {
  const { session } = useActors();
  const signedIn = useSelector(session, selectIsSignedIn);
  const [arrivedSignedIn] = useState(signedIn);
  const location = useLocation();
  if (signedIn && arrivedSignedIn) {
    return <Navigate to={fromState(location.state) ?? PATHS.home} replace />;
  }
  return <Outlet />;
}
