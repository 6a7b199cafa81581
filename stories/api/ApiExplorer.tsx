/**
 * A small developer tool: calls the mock API through the typed client and shows what came back,
 * so a story can prove the Service Worker answers in the browser. Not product UI.
 */
import { useState, type SyntheticEvent } from 'react';
import styled from 'styled-components';
import { ApiError, createApiClient, type ApiClient } from '../../src/api/client';

interface CallResult {
  call: string;
  ok: boolean;
  summary: string;
}

export interface ApiExplorerProps {
  /** The client to call; the app's default (`/api`, answered by the worker) if omitted. */
  client?: ApiClient;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  422: 'Unprocessable Entity',
};

function describeFailure(call: string, error: unknown): CallResult {
  if (error instanceof ApiError) {
    const status = `${error.status} ${STATUS_TEXT[error.status] ?? ''}`.trim();
    return { call, ok: false, summary: `${status}: ${error.message}` };
  }
  return { call, ok: false, summary: String(error) };
}

export function ApiExplorer({ client = defaultClient }: ApiExplorerProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [content, setContent] = useState('');
  const [session, setSession] = useState<{ token: string; username: string } | null>(null);
  const [result, setResult] = useState<CallResult | null>(null);
  const [busy, setBusy] = useState(false);

  // The buttons stay enabled (aria-disabled) while a call runs: disabling the focused one would
  // drop keyboard focus, and where it lands would depend on how fast the mock answered.
  async function run(call: string, action: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    try {
      setResult({ call, ok: true, summary: await action() });
    } catch (error) {
      setResult(describeFailure(call, error));
    } finally {
      setBusy(false);
    }
  }

  function login(event: SyntheticEvent) {
    event.preventDefault();
    void run('POST /api/auth/login', async () => {
      const { foundUser, encodedToken } = await client.login({ username, password });
      setSession({ token: encodedToken, username: foundUser.username });
      return `200 OK: logged in as @${foundUser.username}, following ${foundUser.following.length}`;
    });
  }

  function createPost(event: SyntheticEvent) {
    event.preventDefault();
    void run('POST /api/posts', async () => {
      const { posts } = await client.createPost({ content }, session?.token ?? '');
      const newest = posts.at(-1);
      setContent('');
      return `201 Created: ${posts.length} posts, newest by @${newest?.username ?? '?'}: “${newest?.content ?? ''}”`;
    });
  }

  return (
    <Page>
      <h1>Mock API explorer</h1>
      <Intro>
        Calls go through the typed client to <code>/api</code>, where the mock Service Worker
        answers from an in-memory copy of the seed.
      </Intro>

      <Panel aria-labelledby="login-heading">
        <h2 id="login-heading">Log in</h2>
        <Form onSubmit={login}>
          <Label>
            Username
            <Input
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="username"
            />
          </Label>
          <Label>
            Password
            <Input
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
            />
          </Label>
          <Button type="submit" aria-disabled={busy}>
            Log in
          </Button>
        </Form>
        <Session>{session ? `Logged in as @${session.username}` : 'Not logged in'}</Session>
      </Panel>

      <Panel aria-labelledby="post-heading">
        <h2 id="post-heading">Create a post</h2>
        <Form onSubmit={createPost}>
          <Label>
            Post text
            <TextArea value={content} onChange={(event) => setContent(event.target.value)} />
          </Label>
          <Button type="submit" aria-disabled={busy}>
            Create post
          </Button>
        </Form>
      </Panel>

      <Panel aria-labelledby="response-heading">
        <h2 id="response-heading">Last response</h2>
        <Output role="status" data-ok={result?.ok ?? true}>
          {result ? (
            <>
              <code>{result.call}</code>
              <span>{result.summary}</span>
            </>
          ) : (
            'No call yet'
          )}
        </Output>
      </Panel>
    </Page>
  );
}

const defaultClient = createApiClient();

const Page = styled.main`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 40rem;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  code {
    /* The bundled font, not a system monospace: snapshots must not depend on the machine. */
    font-family: inherit;
  }
  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Panel = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
`;

const Label = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const fieldStyles = `
  font: inherit;
  font-weight: normal;
`;

const Input = styled.input`
  ${fieldStyles}
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const TextArea = styled.textarea`
  ${fieldStyles}
  min-height: 5rem;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  field-sizing: content;
  resize: none;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Button = styled.button`
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  border: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryStrong};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[aria-disabled='true'] {
    cursor: progress;
  }
`;

const Session = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Output = styled.p`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  &[data-ok='false'] {
    color: ${({ theme }) => theme.colors.danger};
    background: ${({ theme }) => theme.colors.dangerSoft};
  }
  code {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
