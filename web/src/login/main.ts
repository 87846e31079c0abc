import { startLogin } from './login-form';
import { prefetchApp } from './prefetch-app';

startLogin(document, (path) => window.location.replace(path));
// Once the user starts typing, who means to go in: fetched at load, the app's files took the
// phone's processor while the page was still settling (Lighthouse counted 300–500 ms of blocking).
document.getElementById('login-form')?.addEventListener('input', () => prefetchApp(document), { once: true });
