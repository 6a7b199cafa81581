import { useId, useRef, useState, type ChangeEvent, type RefObject, type SubmitEvent } from 'react';
import styled from 'styled-components';
import { FormMessage } from '../layout/FormMessage';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { PasswordField } from '../ui/PasswordField';
import { useFieldErrors } from '../ui/useFieldErrors';

/** What the form holds: the password in use, the new one, and the new one again. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChange;

/** The server's refusal, placed by the owner: under one field, or (null) above them all. */
export interface PasswordChangeRefusal {
  message: string;
  field: PasswordChangeField | null;
}

export interface ChangePasswordDialogProps {
  /** Controlled: shown while true. Each opening starts with empty fields. */
  open: boolean;
  /**
   * The signed-in person's username, in a hidden field: password managers then know whose
   * password changes and offer to save the new one.
   */
  username: string;
  /**
   * The password rule's verdict on the fields, in a person's words (the current password given,
   * the new one long enough and not too long, the confirmation the same). A field shows its error
   * once the form was sent or the field left filled in, until it changes.
   */
  check: (fields: PasswordChange) => Partial<Record<PasswordChangeField, string>>;
  /** The new password's limits as stated under it, e.g. 'At least 6 characters'. */
  newPasswordHint?: string;
  /**
   * The server's refusal: 'The current password is not correct.' under the current password,
   * anything that concerns no field (no network) above the fields. The rule's verdict on a field
   * comes first.
   */
  refusal?: PasswordChangeRefusal | null;
  /** While the server decides: 'Change password' shows a spinner, Escape and the backdrop do nothing. */
  submitting?: boolean;
  /** 'Change password' (or Enter) with the fields as typed. Not called while `check` finds a problem. */
  onSubmit: (fields: PasswordChange) => void;
  /** A field changed: a refusal about it is now stale (the owner drops it). */
  onFieldChange?: (field: PasswordChangeField) => void;
  /** Cancel, the close button, Escape or the backdrop: the owner closes the dialog. */
  onClose: () => void;
}

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The fields in the order the form shows them: the first with an error takes focus. */
const FIELD_ORDER: readonly PasswordChangeField[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

/**
 * 'Change password': the current password, the new one and the new one again (each with a show /
 * hide toggle), then 'Change password'. It says first what a change does: this device stays
 * logged in, every other one is logged out. The values are the dialog's own and start empty at
 * each opening; the verdicts and the refusal come from the owner. After 'Change password' focus
 * moves to the first field with an error, once the server has answered.
 */
export function ChangePasswordDialog({
  open,
  submitting = false,
  onClose,
  ...form
}: ChangePasswordDialogProps) {
  const formId = useId();
  const introId = useId();
  // Named, since the form's first input is the hidden username, which cannot take focus.
  const currentRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change password"
      aria-describedby={introId}
      initialFocusRef={currentRef}
      dismissible={!submitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={submitting}>
            Change password
          </Button>
        </>
      }
    >
      {/* The dialog draws its body only while open, so each opening starts a new, empty form. */}
      <PasswordChangeForm
        {...form}
        id={formId}
        introId={introId}
        currentRef={currentRef}
        submitting={submitting}
      />
    </Dialog>
  );
}

/** The dialog's form, mounted at each opening: its values and shown errors start afresh. */
function PasswordChangeForm({
  id,
  introId,
  currentRef,
  username,
  check,
  newPasswordHint,
  refusal = null,
  submitting,
  onSubmit,
  onFieldChange,
}: Omit<ChangePasswordDialogProps, 'open' | 'onClose'> & {
  id: string;
  introId: string;
  currentRef: RefObject<HTMLInputElement | null>;
  submitting: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const verdict = check(values);
  const placed = refusal?.field ? { [refusal.field]: refusal.message } : {};
  const errors = useFieldErrors({
    order: FIELD_ORDER,
    values,
    errors: { ...placed, ...verdict },
    busy: submitting,
    formRef,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    errors.sent();
    if (Object.keys(verdict).length === 0) onSubmit(values);
  };

  const bind = (field: PasswordChangeField) => ({
    name: field,
    value: values[field],
    error: errors.errorOf(field),
    'aria-required': true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      errors.changed(field);
      setValues((current) => ({ ...current, [field]: value }));
      onFieldChange?.(field);
    },
    onBlur: () => errors.left(field),
  });

  return (
    <Form id={id} ref={formRef} noValidate onSubmit={submit}>
      <Intro id={introId}>
        You stay logged in on this device. Every other device where you are logged in is logged out.
      </Intro>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormMessage message={refusal?.field === null ? refusal.message : null} />
      <PasswordField
        ref={currentRef}
        label="Current password"
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={newPasswordHint}
        {...bind('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
