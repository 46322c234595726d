import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { applyTheme, initialTheme } from './theme.ts';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from './trpc.ts';
import './styles.css';

applyTheme(initialTheme());

function Root() {
  const [queryClient] = useState(() =>
    makeQueryClient(() => {
      // The session ended or expired: back to sign-in, remembering where we were.
      if (location.pathname !== '/sign-in')
        location.assign(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
    }),
  );
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
