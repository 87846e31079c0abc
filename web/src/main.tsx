import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'antd/dist/antd.css';
import './app/app.css';
import { Providers } from './app/providers';
import { RouteResolver } from './app/route-resolver';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <BrowserRouter>
        <Providers>
          <RouteResolver />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  ),
);
