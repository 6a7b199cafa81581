import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { createApiClient } from '../api/client';
import '../components/ui/font';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { App } from './App';
import { createMurmur } from './murmur';
import { createTabChannel } from './tabs';

// The mock API (MSW, jose, the seed, the service) is its own chunk, the largest. It loads once
// the first screen is painted, or earlier when the first API call needs it, so it never competes
// with the first paint; the API client waits for it before its first call.
let mockApi: Promise<unknown> | null = null;
function startMock(): Promise<unknown> {
  if (mockApi === null) {
    mockApi = import('../mocks/browser').then(({ startMockApi }) => startMockApi());
    mockApi.catch(showMockUnavailable);
  }
  return mockApi;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const tabs = createTabChannel();
const murmur = createMurmur({
  api: createApiClient({
    baseUrl: `${import.meta.env.BASE_URL}api`,
    ready: startMock,
    onChanged: tabs.announceChange,
  }),
  tabs,
});

root.render(
  <StrictMode>
    <App murmur={murmur} />
  </StrictMode>,
);

// After the first paint: the next frame, then a task, so the paint is not held up.
requestAnimationFrame(() => setTimeout(() => void startMock(), 0));

async function showMockUnavailable(error: unknown) {
  console.error('The mock API could not start:', error);
  murmur.stop();
  const { MockUnavailableScreen } = await import('../components/screens/MockUnavailableScreen');
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <MockUnavailableScreen detail={error instanceof Error ? error.message : String(error)} />
      </ThemeProvider>
    </StrictMode>,
  );
}
