import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import type { ChangeEventHandler, ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ErrorText } from './ErrorText';

/** A text's length against its limit, as the rule counts it (e.g. a TextVerdict). */
export interface FieldCounter {
  length: number;
  max: number;
}

/** What every field has beside its control: a visible label, a hint, an error, a counter. */
export interface FieldOwnProps {
  /** The visible label (required: placeholders are not labels). */
  label: string;
  /** Hide the label visually but keep it for assistive technology (use sparingly). */
  hideLabel?: boolean;
  /** Help text under the control, linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * Error text: shown under the control in danger colour, linked with aria-describedby and
   * aria-errormessage, and sets aria-invalid.
   */
  error?: ReactNode;
  /**
   * Shows "length/max" under the control, turning danger (and setting aria-invalid) when the
   * length is over. The caller counts, by the rule's own measure (grapheme clusters after
   * trimming), so the counter and the rule never disagree. Typing is not cut off.
   */
  counter?: FieldCounter;
  /** Class for the outer wrapper (the control itself takes the rest of the props). */
  className?: string;
  /** Shown in the empty control, as an example; never instead of the label. */
  placeholder?: string;
}

/** No `maxLength`: typing is never cut off; the rule judges the text and `counter` shows it. */
export type TextFieldProps = FieldOwnProps &
  Omit<ComponentPropsWithRef<'input'>, 'className' | 'maxLength' | 'onChange'> & {
    /** Called as the person types; read `event.target.value`. With `value`, the field is controlled. */
    onChange?: ChangeEventHandler<HTMLInputElement>;
  };
export type TextAreaProps = FieldOwnProps &
  Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'maxLength' | 'onChange'> & {
    /** Called as the person types; read `event.target.value`. With `value`, the field is controlled. */
    onChange?: ChangeEventHandler<HTMLTextAreaElement>;
  };

interface ControlAria {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/**
 * Splits a field's props into the shell's (label, hint, error, counter) and the control's, and
 * links them: one id, aria-describedby naming error, hint and counter, aria-errormessage naming
 * the error, aria-invalid on an error or an over-long text.
 */
export function useField<P extends FieldOwnProps & ControlAria>(props: P) {
  const {
    label,
    hideLabel,
    hint,
    error,
    counter,
    className,
    id: idProp,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    ...control
  } = props;
  const generated = useId();
  const id = idProp ?? generated;
  const hasError = error !== undefined && error !== null && error !== false;
  const over = counter !== undefined && counter.length > counter.max;
  const ids = {
    error: hasError ? `${id}-error` : undefined,
    hint: hint ? `${id}-hint` : undefined,
    counter: counter ? `${id}-count` : undefined,
  };
  return {
    shell: {
      id,
      label,
      hideLabel,
      hint,
      error: hasError ? error : undefined,
      counter,
      className,
      ids,
      over,
    },
    control: {
      // The text's own direction: Hebrew or Arabic typed in reads right to left.
      dir: 'auto',
      ...control,
      id,
      'aria-describedby':
        [ids.error, ids.hint, ids.counter, describedBy].filter(Boolean).join(' ') || undefined,
      'aria-invalid': hasError || over ? true : invalid,
      'aria-errormessage': ids.error,
    },
  };
}

interface FieldShellProps {
  /** The label, hint, error and counter, as useField splits them from a field's props. */
  shell: ReturnType<typeof useField>['shell'];
  /** The control: an Input, a textarea, a password input with its toggle. */
  children: ReactNode;
}

/** The one frame of every field: label, the control, then error and hint beside the counter. */
export function FieldShell({ shell, children }: FieldShellProps) {
  const { ids, counter, error, hint } = shell;
  return (
    <Wrapper className={shell.className}>
      <Label htmlFor={shell.id} className={shell.hideLabel ? 'visually-hidden' : undefined}>
        {shell.label}
      </Label>
      {children}
      {(error !== undefined || hint || counter) && (
        <Footer>
          <Messages>
            {error !== undefined && <ErrorText id={ids.error}>{error}</ErrorText>}
            {hint && <Hint id={ids.hint}>{hint}</Hint>}
          </Messages>
          {counter && (
            <Counter id={ids.counter} $over={shell.over}>
              <span aria-hidden="true">
                {counter.length}/{counter.max}
              </span>
              <span className="visually-hidden">
                {counter.length} of {counter.max} characters
                {shell.over ? `, ${counter.length - counter.max} too many` : ''}
              </span>
            </Counter>
          )}
        </Footer>
      )}
    </Wrapper>
  );
}

/** A single-line text input with a visible label, optional hint, error and counter. */
export function TextField({ type = 'text', ...props }: TextFieldProps) {
  const { shell, control } = useField(props);
  return (
    <FieldShell shell={shell}>
      <Input type={type} {...control} />
    </FieldShell>
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
export function TextArea({ rows = 4, ref, onChange, ...props }: TextAreaProps) {
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      areaRef.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
  useLayoutEffect(() => fitHeight(areaRef.current), [props.value]);
  const { shell, control } = useField(props);
  return (
    <FieldShell shell={shell}>
      <Area
        ref={setRef}
        rows={rows}
        $rows={rows}
        {...control}
        onChange={(event) => {
          fitHeight(event.currentTarget);
          onChange?.(event);
        }}
      />
    </FieldShell>
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
  /* Invalid stays red under the pointer too (the hover rule above is more specific). */
  &[aria-invalid='true'],
  &[aria-invalid='true']:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    cursor: not-allowed;
  }
`;

/** The single-line control of TextField and PasswordField, in the theme's field style. */
export const Input = styled.input<{ $withToggle?: boolean }>`
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

const Counter = styled.p<{ $over: boolean }>`
  margin-left: auto;
  font-variant-numeric: tabular-nums;
  color: ${({ $over, theme }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $over, theme }) => ($over ? theme.font.weight.medium : theme.font.weight.regular)};
`;
