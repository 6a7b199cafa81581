import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { checkLogin, type LoginField } from '../../api/rules';
import { GUEST_CREDENTIALS } from '../../api/types';
import { LoginScreen } from '../../components/screens/LoginScreen';
import { formErrors } from '../../api/refusals';
import { selectFormIsBusy, selectFormRefusal, selectGuestOffered } from '../../machines';
import { useActors } from '../AppContext';
import {
  useAdoptTypedBeforeHydration,
  useHydrated,
  useReplayPressedBeforeHydration,
} from '../hydration';
import { fromState } from '../guards';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** What a visitor sent here by a protected page is told. */
const SENT_TO_LOG_IN = 'Log in to continue';

/**
 * `/`: the login form. The forms machine validates, logs in, toasts and says where to go; the
 * form shows the login rule's verdict on each field and the machine's placed refusal. The guest
 * button is offered where the server has the guest account (the demo machine).
 */
export function LoginPage() {
  useDocumentTitle(PAGE_TITLES.login);
  const { authForms, demo } = useActors();
  const hydrated = useHydrated();
  const guestOffered = useSelector(demo, (snapshot) => selectGuestOffered(snapshot, hydrated));
  const busy = useSelector(authForms, selectFormIsBusy);
  const refusal = useSelector(authForms, (snapshot) => selectFormRefusal(snapshot, 'login'));
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { fieldErrors, message } = formErrors(
    checkLogin({ username, password }).fieldErrors,
    refusal,
  );

  // What an earlier visit was refused is not about this one.
  useEffect(() => authForms.send({ type: 'FORM_OPENED' }), [authForms]);
  const changed = (field: LoginField) =>
    authForms.send({ type: 'FORM_FIELD_CHANGED', form: 'login', field });
  // The prerendered form may have been filled in before this page ran.
  const adopted = useAdoptTypedBeforeHydration('Log in', { username, password }, (field, value) => {
    (field === 'username' ? setUsername : setPassword)(value);
    changed(field);
  });
  // And its buttons pressed: they are pressed again, now that they do something.
  useReplayPressedBeforeHydration(adopted);

  return (
    <LoginScreen
      username={username}
      password={password}
      onUsernameChange={(value) => {
        setUsername(value);
        changed('username');
      }}
      onPasswordChange={(value) => {
        setPassword(value);
        changed('password');
      }}
      onFillGuest={
        guestOffered
          ? () => {
              setUsername(GUEST_CREDENTIALS.username);
              setPassword(GUEST_CREDENTIALS.password);
              changed('username');
              changed('password');
            }
          : undefined
      }
      onSubmit={(credentials) => {
        const from = fromState(location.state);
        authForms.send({ type: 'LOGIN', ...credentials, ...(from ? { from } : {}) });
      }}
      busy={busy}
      fieldErrors={fieldErrors}
      message={message}
      notice={fromState(location.state) === undefined ? null : SENT_TO_LOG_IN}
    />
  );
}
