import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { checkSignup, SIGNUP_HINTS, type SignupField, type SignupFields } from '../../api/rules';
import { EMPTY_SIGNUP, SignupScreen } from '../../components/screens/SignupScreen';
import { formErrors } from '../../api/refusals';
import { selectFormIsBusy, selectFormRefusal } from '../../machines';
import { useActors } from '../AppContext';
import { useAdoptTypedBeforeHydration, useReplayPressedBeforeHydration } from '../hydration';
import { fromState } from '../guards';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/**
 * `/signup-page`: the sign-up form; the forms machine checks the fields and creates the account.
 * The form shows the sign-up rule's verdict on each field and the machine's placed refusal.
 */
export function SignupPage() {
  useDocumentTitle(PAGE_TITLES.signup);
  const { authForms } = useActors();
  const busy = useSelector(authForms, selectFormIsBusy);
  const refusal = useSelector(authForms, (snapshot) => selectFormRefusal(snapshot, 'signup'));
  const location = useLocation();
  const [values, setValues] = useState<SignupFields>(EMPTY_SIGNUP);
  const { fieldErrors, message } = formErrors(checkSignup(values).fieldErrors, refusal);

  // What an earlier visit was refused is not about this one.
  useEffect(() => authForms.send({ type: 'FORM_OPENED' }), [authForms]);
  const change = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    authForms.send({ type: 'FORM_FIELD_CHANGED', form: 'signup', field });
  };
  // The prerendered form may have been filled in before this page ran.
  const adopted = useAdoptTypedBeforeHydration('Sign up', values, change);
  // And its buttons pressed: they are pressed again, now that they do something.
  useReplayPressedBeforeHydration(adopted);

  return (
    <SignupScreen
      values={values}
      onChange={change}
      fieldErrors={fieldErrors}
      hints={SIGNUP_HINTS}
      onSubmit={() => {
        const from = fromState(location.state);
        authForms.send({ type: 'SIGNUP', ...values, ...(from ? { from } : {}) });
      }}
      busy={busy}
      message={message}
    />
  );
}
