import { RefreshCw, ServerOff } from 'lucide-react';
import styled from 'styled-components';
import { MessagePage } from '../layout/MessagePage';
import { Button } from '../ui/Button';

export interface MockUnavailableScreenProps {
  /** The error the service worker failed with, shown under "Technical details". */
  detail?: string;
  /** 'Reload the page'; defaults to reloading the window. */
  onReload?: () => void;
}

/**
 * The full page shown when the mock API's service worker cannot start, so the app has no server:
 * what happened, what to try, and the technical detail. Needs no router (it renders before one).
 */
export function MockUnavailableScreen({ detail, onReload }: MockUnavailableScreenProps) {
  const reload = onReload ?? (() => window.location.reload());
  return (
    <MessagePage mark={<ServerOff />} heading="Murmur could not start">
      <Text>
        Murmur runs its demo server inside your browser, using a service worker. Your browser did
        not let that worker start, so there is nothing to sign in to yet.
      </Text>
      <Tips aria-label="What to try">
        <li>Reload the page.</li>
        <li>Leave private or incognito browsing, or allow this site to use service workers.</li>
        <li>
          Open Murmur from an <code>https://</code> or <code>http://localhost</code> address.
        </li>
        <li>Use a recent version of Chrome, Edge, Firefox or Safari.</li>
      </Tips>
      <Button size="lg" icon={<RefreshCw aria-hidden="true" />} onClick={reload}>
        Reload the page
      </Button>
      {detail ? (
        <Details>
          <summary>Technical details</summary>
          <pre>{detail}</pre>
        </Details>
      ) : null}
    </MessagePage>
  );
}

const Text = styled.p`
  max-width: 28rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tips = styled.ul`
  align-self: stretch;
  margin: 0;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  text-align: left;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};

  code {
    font-family: inherit;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Details = styled.details`
  align-self: stretch;
  text-align: left;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  summary {
    cursor: pointer;
    width: fit-content;
    border-radius: ${({ theme }) => theme.radii.sm};
  }

  pre {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding: ${({ theme }) => theme.space.sm};
    font-family: inherit;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.text};
  }
`;
