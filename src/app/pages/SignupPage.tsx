import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { checkSignup, SIGNUP_HINTS, type SignupFields } from '../../api/rules';
import { EMPTY_SIGNUP, SignupScreen } from '../../components/screens/SignupScreen';
import { selectAuthError, selectAuthIsBusy } from '../../machines';
import { useActors } from '../AppContext';
import { fromState } from '../paths';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** `/signup-page`: the sign-up form; the auth machine checks the fields and creates the account. */
export function SignupPage() {
  useDocumentTitle(PAGE_TITLES.signup);
  const { auth } = useActors();
  const busy = useSelector(auth, selectAuthIsBusy);
  const error = useSelector(auth, selectAuthError);
  const location = useLocation();
  const [values, setValues] = useState<SignupFields>(EMPTY_SIGNUP);
  const fieldErrors = useMemo(() => checkSignup(values).fieldErrors, [values]);

  return (
    <SignupScreen
      values={values}
      onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      fieldErrors={fieldErrors}
      hints={SIGNUP_HINTS}
      onSubmit={() => {
        const from = fromState(location.state);
        auth.send({ type: 'SIGNUP', ...values, ...(from ? { from } : {}) });
      }}
      busy={busy}
      message={error}
    />
  );
}
