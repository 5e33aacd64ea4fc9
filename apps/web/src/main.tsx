import './mantine.css';
import './styles.css';
// First, so the language's strings start loading before the rest of the app evaluates.
import { i18nReady } from './lib/i18n/i18n';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first render already speaks the visitor's language: no key ever flashes. (Not a top-level
// await: that makes Rollup scatter the entry's modules over many small chunks.)
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
