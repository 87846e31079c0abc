import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/app.css';
import { Providers } from './app/providers';
import { RouteResolver } from './app/route-resolver';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <RouteResolver />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
