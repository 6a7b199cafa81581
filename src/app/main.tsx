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

// The mock API (MSW, jose, the seed, the service) is its own chunk. It starts loading now, in
// parallel with the first render, and the API client waits for it before its first call.
const mockApi = import('../mocks/browser').then(({ startMockApi }) => startMockApi());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const tabs = createTabChannel();
const murmur = createMurmur({
  api: createApiClient({
    baseUrl: `${import.meta.env.BASE_URL}api`,
    ready: () => mockApi,
    onChanged: tabs.announceChange,
  }),
  tabs,
});

root.render(
  <StrictMode>
    <App murmur={murmur} />
  </StrictMode>,
);

mockApi.catch(async (error: unknown) => {
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
});
