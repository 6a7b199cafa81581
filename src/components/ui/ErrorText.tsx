import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface ErrorTextProps {
  /** The error, in a person's words. */
  children: ReactNode;
  /** For aria-describedby on the control the error is about. */
  id?: string;
  /** 'alert' where the error appears after an action (a picked file), to announce it. */
  role?: 'alert';
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/** An inline error: the alert icon and the text, in the danger colour. */
export function ErrorText({ children, id, role, className }: ErrorTextProps) {
  return (
    <Text id={id} role={role} className={className}>
      <CircleAlert aria-hidden="true" />
      <span>{children}</span>
    </Text>
  );
}

const Text = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};

  svg {
    flex: none;
    width: 1em;
    height: 1em;
    margin-top: 0.2em;
  }
`;
