import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GUEST_CREDENTIALS } from '../../api/types';
import { LoginScreen } from '../../components/screens/LoginScreen';
import { selectAuthError, selectAuthIsBusy } from '../../machines';
import { useActors } from '../AppContext';
import { fromState } from '../paths';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** What a visitor sent here by a protected page is told (A18). */
const SENT_TO_LOG_IN = 'Log in to continue';

/** `/`: the login form. The auth machine validates, logs in, toasts and says where to go. */
export function LoginPage() {
  useDocumentTitle(PAGE_TITLES.login);
  const { auth } = useActors();
  const busy = useSelector(auth, selectAuthIsBusy);
  const error = useSelector(auth, selectAuthError);
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  return (
    <LoginScreen
      username={username}
      password={password}
      onUsernameChange={setUsername}
      onPasswordChange={setPassword}
      onFillGuest={() => {
        setUsername(GUEST_CREDENTIALS.username);
        setPassword(GUEST_CREDENTIALS.password);
      }}
      onSubmit={(credentials) => {
        const from = fromState(location.state);
        auth.send({ type: 'LOGIN', ...credentials, ...(from ? { from } : {}) });
      }}
      busy={busy}
      message={error}
      notice={fromState(location.state) === undefined ? null : SENT_TO_LOG_IN}
    />
  );
}
