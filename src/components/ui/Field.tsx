import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import styled, { css } from 'styled-components';
import { IconButton } from './Button';

/** What every field has beside its control: a visible label, a hint, an error, a counter. */
interface FieldOwnProps {
  /** The visible label (required: placeholders are not labels). */
  label: string;
  /** Hide the label visually but keep it for assistive technology (use sparingly). */
  hideLabel?: boolean;
  /** Help text under the control, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error text: shown in danger colour, linked with aria-describedby, sets aria-invalid. */
  error?: ReactNode;
  /**
   * Shows a counter "n/maxLength" under the control that turns danger (and sets aria-invalid)
   * when the text is longer. Typing is not cut off: the form decides what to do.
   */
  maxLength?: number;
  /** Class for the outer wrapper (the control itself takes the rest of the props). */
  className?: string;
}

export type TextFieldProps = FieldOwnProps &
  Omit<ComponentPropsWithRef<'input'>, 'maxLength' | 'className'>;
export type TextAreaProps = FieldOwnProps &
  Omit<ComponentPropsWithRef<'textarea'>, 'maxLength' | 'className'>;
export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

type FieldValue = string | number | readonly string[] | undefined;

/** Ids, descriptions and the live length shared by the three fields. */
function useField<E extends HTMLInputElement | HTMLTextAreaElement>(props: {
  id: string | undefined;
  value: FieldValue;
  defaultValue: FieldValue;
  onChange: ((event: ChangeEvent<E>) => void) | undefined;
  hint: ReactNode;
  error: ReactNode;
  maxLength: number | undefined;
  describedBy: string | undefined;
  invalid: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
}) {
  const generated = useId();
  const id = props.id ?? generated;
  const [typedLength, setTypedLength] = useState(() => String(props.defaultValue ?? '').length);
  const length = props.value !== undefined ? String(props.value).length : typedLength;
  const overLimit = props.maxLength !== undefined && length > props.maxLength;
  const hasError = props.error !== undefined && props.error !== null && props.error !== false;

  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = hasError ? `${id}-error` : undefined;
  const counterId = props.maxLength !== undefined ? `${id}-count` : undefined;
  const describedBy =
    [errorId, hintId, counterId, props.describedBy].filter(Boolean).join(' ') || undefined;

  const onChange = (event: ChangeEvent<E>) => {
    setTypedLength(event.target.value.length);
    props.onChange?.(event);
  };

  return {
    id,
    control: {
      id,
      'aria-describedby': describedBy,
      'aria-invalid': hasError || overLimit ? true : props.invalid,
      onChange,
    },
    extras: { hintId, errorId, counterId, length, overLimit, hasError },
  };
}

function FieldFooter({
  hint,
  error,
  maxLength,
  extras,
}: Pick<FieldOwnProps, 'hint' | 'error' | 'maxLength'> & {
  extras: ReturnType<typeof useField>['extras'];
}) {
  if (!extras.hasError && !hint && maxLength === undefined) return null;
  return (
    <Footer>
      <Messages>
        {extras.hasError && (
          <ErrorText id={extras.errorId}>
            <CircleAlert aria-hidden="true" />
            <span>{error}</span>
          </ErrorText>
        )}
        {hint && <Hint id={extras.hintId}>{hint}</Hint>}
      </Messages>
      {maxLength !== undefined && (
        <Counter id={extras.counterId} $over={extras.overLimit}>
          <span aria-hidden="true">
            {extras.length}/{maxLength}
          </span>
          <span className="visually-hidden">
            {extras.length} of {maxLength} characters
            {extras.overLimit ? `, ${extras.length - maxLength} too many` : ''}
          </span>
        </Counter>
      )}
    </Footer>
  );
}

/** A single-line text input with a visible label, optional hint, error and counter. */
export function TextField({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  className,
  id: idProp,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const field = useField<HTMLInputElement>({
    id: idProp,
    value,
    defaultValue,
    onChange,
    hint,
    error,
    maxLength,
    describedBy,
    invalid,
  });
  return (
    <Wrapper className={className}>
      <Label htmlFor={field.id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </Label>
      <Input type={type} value={value} defaultValue={defaultValue} {...field.control} {...rest} />
      <FieldFooter hint={hint} error={error} maxLength={maxLength} extras={field.extras} />
    </Wrapper>
  );
}

/**
 * Fits a textarea's height to its text where CSS `field-sizing: content` is missing (Firefox at
 * the time of writing); where it exists, CSS alone does it and this does nothing.
 */
function fitHeight(area: HTMLTextAreaElement | null) {
  if (!area || CSS.supports('field-sizing', 'content')) return;
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
}

/**
 * A multi-line text area; the same API as TextField. It grows with its text, as a social app's
 * composer does, from `rows` lines (default 4): no resize grip and no inner scroll bar.
 */
export function TextArea({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  className,
  id: idProp,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  rows = 4,
  ref,
  ...rest
}: TextAreaProps) {
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      areaRef.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
  useLayoutEffect(() => fitHeight(areaRef.current), [value]);
  const field = useField<HTMLTextAreaElement>({
    id: idProp,
    value,
    defaultValue,
    onChange: (event) => {
      fitHeight(event.currentTarget);
      onChange?.(event);
    },
    hint,
    error,
    maxLength,
    describedBy,
    invalid,
  });
  return (
    <Wrapper className={className}>
      <Label htmlFor={field.id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </Label>
      <Area
        ref={setRef}
        rows={rows}
        $rows={rows}
        value={value}
        defaultValue={defaultValue}
        {...field.control}
        {...rest}
      />
      <FieldFooter hint={hint} error={error} maxLength={maxLength} extras={field.extras} />
    </Wrapper>
  );
}

/**
 * A password input with a show/hide toggle button ("Show password" / "Hide password",
 * `aria-pressed` while the password is shown). `autoComplete` defaults to "current-password".
 */
export function PasswordField({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  className,
  id: idProp,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  autoComplete = 'current-password',
  disabled,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const field = useField<HTMLInputElement>({
    id: idProp,
    value,
    defaultValue,
    onChange,
    hint,
    error,
    maxLength,
    describedBy,
    invalid,
  });
  return (
    <Wrapper className={className}>
      <Label htmlFor={field.id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </Label>
      <InputRow>
        <Input
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          defaultValue={defaultValue}
          disabled={disabled}
          $withToggle
          {...field.control}
          {...rest}
        />
        <Toggle
          label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={field.id}
          icon={visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          size="sm"
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        />
      </InputRow>
      <FieldFooter hint={hint} error={error} maxLength={maxLength} extras={field.extras} />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const control = css`
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.focus};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    cursor: not-allowed;
  }
`;

const Input = styled.input<{ $withToggle?: boolean }>`
  ${control}
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space.sm};
  ${({ $withToggle }) =>
    $withToggle &&
    css`
      padding-right: 2.75rem;
    `}
`;

const Area = styled.textarea<{ $rows: number }>`
  ${control}
  display: block;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  /* Height follows the text (fitHeight does it where field-sizing is missing), at least $rows
     lines. No grip to drag: its native drawing also differs between browser versions. */
  field-sizing: content;
  min-height: calc(${({ $rows }) => $rows}lh + 2 * ${({ theme }) => theme.space.xs} + 2px);
  resize: none;
  overflow-y: hidden;
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Toggle = styled(IconButton)`
  position: absolute;
  right: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Messages = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};

  svg {
    flex: none;
    width: 1em;
    height: 1em;
    margin-top: 0.2em;
  }
`;

const Counter = styled.p<{ $over: boolean }>`
  margin-left: auto;
  font-variant-numeric: tabular-nums;
  color: ${({ $over, theme }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $over, theme }) => ($over ? theme.font.weight.medium : theme.font.weight.regular)};
`;
